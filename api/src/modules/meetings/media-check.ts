import { MissingToolError, measureAudioLength, probeAudio, recordingTooLongMessage } from "@cm/ai/audio";
import { HttpError } from "../../http-error";

export interface MediaCheck {
  /**
   * Refuses files ffprobe cannot read as audio (415), and recordings longer than `maxSeconds` (413), before any
   * transcription is paid for; answers the recording's length in seconds. The length is counted from the audio's
   * packets, not taken from the container's estimate, which a crafted file makes ten times too short.
   */
  measurePlayableAudio(path: string, maxSeconds: number): Promise<number>;
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
  async measurePlayableAudio(path, maxSeconds) {
    const probe = await probeOrExplain(path);
    if (!probe.isAudio || !probe.hasAudioStream) {
      throw new HttpError(415, "unsupported file format: the file has no readable audio stream", "unsupported");
    }
    const measured = await measureAudioLength(path, { maxSeconds, method: "packets" }).catch((error: unknown) => {
      if (error instanceof MissingToolError) throw new HttpError(503, FFMPEG_MISSING_MESSAGE, "missing_tool");
      throw new HttpError(415, "unsupported file format: the audio stream could not be read", "unsupported");
    });
    if (measured.overLimit) throw new HttpError(413, recordingTooLongMessage(maxSeconds), "too_large");
    return measured.seconds;
  },
};
