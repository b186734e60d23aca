import { measureAudioLength, probeAudio, recordingTooLargeMessage } from "@cm/ai/audio";
import { HttpError } from "../../http-error";

export interface MediaCheck {
  /**
   * Refuses files ffprobe cannot read as audio (415), and recordings longer than `maxSeconds` (413), before any
   * transcription is paid for; answers the recording's length in seconds. The length is counted from the audio's
   * packets, not taken from the container's estimate, which a crafted file makes ten times too short.
   */
  measurePlayableAudio(path: string, maxSeconds: number): Promise<number>;
}

export const ffprobeMediaCheck: MediaCheck = {
  async measurePlayableAudio(path, maxSeconds) {
    const probe = await probeAudio(path);
    if (!probe.isAudio || !probe.hasAudioStream) {
      throw new HttpError(415, "unsupported file format: the file has no readable audio stream", "unsupported");
    }
    const measured = await measureAudioLength(path, { maxSeconds, method: "packets" }).catch(() => {
      throw new HttpError(415, "unsupported file format: the audio stream could not be read", "unsupported");
    });
    if (measured.overLimit) throw new HttpError(413, recordingTooLargeMessage(maxSeconds), "too_large");
    return measured.seconds;
  },
};
