// The unit in which text work uses the daily processing allowance (issue 37): a transcript file, a note's indexing
// and a meeting's re-indexing are charged one second of audio per 1,000 characters (a transcript file: per 1,000
// bytes). An hour's meeting is about 54,000 characters of transcript, so its text costs 54 s of the allowance where
// its recording costs 3,600 s: reading text is far cheaper than transcribing speech, but not free (every passage of
// it is embedded for search).
export const TEXT_CHARACTERS_PER_SECOND = 1_000;

/** Seconds of the daily allowance that `characters` of text use. */
export const textWorkSeconds = (characters: number) => Math.max(0, characters) / TEXT_CHARACTERS_PER_SECOND;
