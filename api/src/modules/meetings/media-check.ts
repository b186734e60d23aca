import { assertRecordingLength, probeAudio } from "@cm/ai/audio";
import { HttpError } from "../../http-error";

export interface MediaCheck {
  /** Refuses files ffprobe cannot read as audio, and recordings over 8 hours, before any transcription is paid for. */
  assertPlayableAudio(path: string): Promise<void>;
}

export const ffprobeMediaCheck: MediaCheck = {
  async assertPlayableAudio(path) {
    const probe = await probeAudio(path);
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
