import { assertRecordingLength, MissingToolError, probeAudio } from "@cm/ai/audio";
import { HttpError } from "../../http-error";

export interface MediaCheck {
  /** Refuses files ffprobe cannot read as audio, and recordings over 8 hours, before any transcription is paid for. */
  assertPlayableAudio(path: string): Promise<void>;
}

/** The server cannot read audio at all: an operator's fix, said plainly, and no word the web maps to "unsupported". */
export const FFMPEG_MISSING_MESSAGE =
  "Audio uploads are unavailable: ffmpeg is not installed on the server. The administrator needs to install ffmpeg (or set FFMPEG_PATH and FFPROBE_PATH). Your recording was not saved; a transcript file (.vtt, .srt, .txt) can be uploaded meanwhile.";

async function probeOrExplain(path: string) {
  try {
    return await probeAudio(path);
  } catch (error) {
    if (error instanceof MissingToolError) throw new HttpError(503, FFMPEG_MISSING_MESSAGE, "missing_tool");
    throw error;
  }
}

export const ffprobeMediaCheck: MediaCheck = {
  async assertPlayableAudio(path) {
    const probe = await probeOrExplain(path);
    if (!probe.isAudio || !probe.hasAudioStream) {
      throw new HttpError(415, "unsupported file format: the file has no readable audio stream", "unsupported");
    }
    try {
      assertRecordingLength(probe.durationSeconds);
    } catch (error) {
      // Its own words ("too long", not "too large"): the page must not claim the file is over 500 MB.
      throw new HttpError(413, (error as Error).message, "too_long");
    }
  },
};
