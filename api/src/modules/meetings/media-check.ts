import {
  MeasureTimeoutError,
  MissingToolError,
  measureAudioLength,
  probeAudio,
  recordingTooLongMessage,
} from "@cm/ai/audio";
import { HttpError } from "../../http-error";

export interface MediaCheck {
  /**
   * Refuses files ffprobe cannot read as audio (415), and recordings longer than `maxSeconds` (413), before any
   * transcription is paid for or a quota charged; answers the recording's length in seconds. The length is what the
   * audio decodes to: the container's estimate and the packets' timestamps can be made a hundred times too short.
   */
  measurePlayableAudio(path: string, maxSeconds: number): Promise<number>;
}

/** The server cannot read audio at all: an operator's fix, said plainly, and no word the web maps to "unsupported". */
export const FFMPEG_MISSING_MESSAGE =
  "Audio uploads are unavailable: ffmpeg is not installed on the server. The administrator needs to install ffmpeg (or set FFMPEG_PATH and FFPROBE_PATH). Your recording was not saved; a transcript file (.vtt, .srt, .txt) can be uploaded meanwhile.";

async function probeOrExplain(path: string) {
  try {
    // The decode below measures the length: a container without one (MediaRecorder's WebM) is not read twice.
    return await probeAudio(path, undefined, { estimateLength: false });
  } catch (error) {
    if (error instanceof MissingToolError) throw new HttpError(503, FFMPEG_MISSING_MESSAGE, "missing_tool");
    throw error;
  }
}

/**
 * The upload waits for the decode: it must answer inside the server's 120 s idle timeout. 8 h of 32 kbps MP3 decode
 * in ~20 s, of 64 kbps Opus in ~80 s on an idle core.
 */
export const UPLOAD_MEASURE_TIMEOUT_MS = 90_000;

const MEASURE_TIMEOUT_MESSAGE =
  "The recording could not be measured in time: the server is busy. Your recording was not saved; please try again in a few minutes.";

export const ffprobeMediaCheck: MediaCheck = {
  async measurePlayableAudio(path, maxSeconds) {
    const probe = await probeOrExplain(path);
    if (!probe.isAudio || !probe.hasAudioStream) {
      throw new HttpError(415, "unsupported file format: the file has no readable audio stream", "unsupported");
    }
    const options = { maxSeconds, timeoutMs: UPLOAD_MEASURE_TIMEOUT_MS };
    const measured = await measureAudioLength(path, options).catch((error: unknown) => {
      if (error instanceof MissingToolError) throw new HttpError(503, FFMPEG_MISSING_MESSAGE, "missing_tool");
      if (error instanceof MeasureTimeoutError) throw new HttpError(503, MEASURE_TIMEOUT_MESSAGE, "busy");
      throw new HttpError(415, "unsupported file format: the audio stream could not be read", "unsupported");
    });
    if (measured.overLimit) throw new HttpError(413, recordingTooLongMessage(maxSeconds), "too_large");
    return measured.seconds;
  },
};
