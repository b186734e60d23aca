// Transcript files as the tools advisors use export them (shapes looked up in the tools' exports; every fixture
// here is written for this test): speakers and times are kept, the tools' headings and footers are not speech.

import { describe, expect, test } from "bun:test";
import type { Transcript } from "../types";
import { detectTranscriptFormat } from "./detect-format";
import { parseTranscript, readTranscriptFile } from "./parse-transcript";
import { parseTranscriptStream } from "./read-transcript-stream";

const encode = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readTranscriptFile(encode(text)).transcript;
const turns = (transcript: Transcript) => transcript.segments.map((s) => [s.speaker, s.start, s.text]);

describe("tool exports", () => {
  test("Zoom WebVTT: numbered cues, 'Name: words', a turn split over cues, escaped ampersands", () => {
    const vtt = [
      "WEBVTT",
      "",
      "1",
      "00:00:03.120 --> 00:00:07.480",
      "Ines Moreau: Morning. Shall we start with the Smith &amp; Sons note?",
      "",
      "2",
      "00:00:07.480 --> 00:00:09.900",
      "Ines Moreau: It matured last week.",
      "",
      "3",
      "00:00:10.050 --> 00:00:12.000",
      "Tobias Grant: Yes, let's.",
      "",
    ].join("\n");
    expect(turns(read(vtt))).toEqual([
      ["Ines Moreau", 3.12, "Morning. Shall we start with the Smith & Sons note?"],
      ["Ines Moreau", 7.48, "It matured last week."],
      ["Tobias Grant", 10.05, "Yes, let's."],
    ]);
  });

  test("Teams WebVTT: GUID cue ids, <v Name> spans wrapped onto a second line, overlapping cues", () => {
    const id = "9d2c41aa-0b7e-4c1f-8f3e-5a6b7c8d9e0f";
    const vtt = [
      "WEBVTT",
      "",
      `${id}/12-0`,
      "00:00:01.500 --> 00:00:04.250",
      "<v Ines Moreau>Can everyone see the spreadsheet",
      "I shared?</v>",
      "",
      `${id}/14-0`,
      "00:00:03.900 --> 00:00:05.000",
      "<v Tobias Grant>I can.</v>",
      "",
      `${id}/13-0`,
      "00:00:04.250 --> 00:00:06.000",
      "<v Ines Moreau>Good.</v>",
      "",
    ].join("\n");
    expect(turns(read(vtt))).toEqual([
      ["Ines Moreau", 1.5, "Can everyone see the spreadsheet I shared?"],
      ["Tobias Grant", 3.9, "I can."],
      ["Ines Moreau", 4.25, "Good."],
    ]);
  });

  test("Google Meet text: date and title lines, time markers between lines of one space, closing lines", () => {
    const meet = [
      "Feb 9, 2027",
      "Grant household - insurance review - Transcript",
      "00:00:00",
      " ",
      "Ines Moreau: Hello both, the transcript is on.",
      "Tobias Grant: Hi Ines.",
      " ",
      " ",
      "00:01:30",
      " ",
      "Nora Grant: We sold the cabin in the end.",
      " ",
      " ",
      "Transcription ended after 00:02:10",
      "",
      "",
      "This editable transcript was computer generated and might contain errors. People can also change the text after it was created.",
    ].join("\n");
    const transcript = read(meet);
    expect(turns(transcript)).toEqual([
      ["Ines Moreau", 0, "Hello both, the transcript is on."],
      ["Tobias Grant", 0, "Hi Ines."],
      ["Nora Grant", 90, "We sold the cabin in the end."],
    ]);
    expect(transcript.fullText).not.toContain("Transcript");
  });

  test("Otter text: 'Name  m:ss' and 'Name  h:mm:ss' headers, trailing spaces, an unnamed speaker, the footer", () => {
    const otter = [
      "Harold Feng  0:04  ",
      "So the first thing is the pension election. We meet at 6:40 with the plan office, by the way.",
      "",
      "Unknown Speaker  6:40",
      "Sorry, which form?",
      "",
      "Amara Osei  1:02:03",
      "The one with the joint and survivor option.",
      "It has two pages.",
      "",
      "Transcribed by https://otter.ai",
      "",
    ].join("\n");
    expect(turns(read(otter))).toEqual([
      [
        "Harold Feng",
        4,
        "So the first thing is the pension election. We meet at 6:40 with the plan office, by the way.",
      ],
      ["Unknown Speaker", 400, "Sorry, which form?"],
      ["Amara Osei", 3723, "The one with the joint and survivor option. It has two pages."],
    ]);
  });

  test("Rev text: 'Name (hh:mm:ss):' and 'Name (mm:ss):', timed crosstalk notes dropped, [laughs] kept", () => {
    const rev = [
      "Ines Moreau (00:00:02):",
      "Thanks for coming in. [crosstalk 00:00:04] Take a seat.",
      "",
      "Speaker 2 (01:15):",
      "[laughs] Thank you.",
      "",
      "Tobias Grant (01:01:20): I brought the statements.",
    ].join("\n");
    expect(turns(read(rev))).toEqual([
      ["Ines Moreau", 2, "Thanks for coming in. Take a seat."],
      ["Speaker 2", 75, "[laughs] Thank you."],
      ["Tobias Grant", 3680, "I brought the statements."],
    ]);
  });

  test("Fireflies-style 'Name  00:01:23' lines, with or without blank lines between turns", () => {
    const fireflies = [
      "Ines Moreau  00:00:05",
      "Good morning.",
      "Tobias Grant  00:00:09",
      "Morning. Where do we start?",
      "",
      "Ines Moreau  00:00:12",
      "",
      "With the trust.",
    ].join("\n");
    expect(turns(read(fireflies))).toEqual([
      ["Ines Moreau", 5, "Good morning."],
      ["Tobias Grant", 9, "Morning. Where do we start?"],
      ["Ines Moreau", 12, "With the trust."],
    ]);
  });

  test("SRT with and without 'Name:' prefixes", () => {
    const named = "1\n00:00:01,000 --> 00:00:03,000\nInes Moreau: Hello.\n\n2\n00:00:03,000 --> 00:00:04,000\nHi.\n";
    expect(turns(read(named))).toEqual([
      ["Ines Moreau", 1, "Hello."],
      [null, 3, "Hi."],
    ]);
    const bare = "1\n00:00:01,000 --> 00:00:03,500\nHello Tobias, it's Ines\ncalling about the trust.\n";
    expect(turns(read(bare))).toEqual([[null, 1, "Hello Tobias, it's Ines calling about the trust."]]);
  });

  test("plain 'Name: words' text", () => {
    expect(turns(read("Ines Moreau: Hello.\nTobias Grant: Hi, Ines.\n"))).toEqual([
      ["Ines Moreau", null, "Hello."],
      ["Tobias Grant", null, "Hi, Ines."],
    ]);
  });

  test("a UTF-8 byte order mark and CRLF, and a device name as the speaker", () => {
    const vtt =
      "\uFEFFWEBVTT\r\n\r\n1\r\n00:00:01.000 --> 00:00:02.000\r\nNora's iPad: Can you hear me?\r\n\r\n" +
      "2\r\n00:00:02.000 --> 00:00:03.000\r\nInes Moreau: Yes.\r\n";
    expect(turns(read(vtt))).toEqual([
      ["Nora's iPad", 1, "Can you hear me?"],
      ["Ines Moreau", 2, "Yes."],
    ]);
  });
});

describe("UTF-16 with a byte order mark (Notepad's 'Unicode')", () => {
  const otter = "Harold Feng  0:04\nCafé first, then the pension.\n\nAmara Osei  0:09\nAgreed.\n";
  const expected = [
    ["Harold Feng", 4, "Café first, then the pension."],
    ["Amara Osei", 9, "Agreed."],
  ];
  const utf16 = (text: string, bigEndian: boolean) => {
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      bytes[2 + i * 2 + (bigEndian ? 1 : 0)] = code & 0xff;
      bytes[2 + i * 2 + (bigEndian ? 0 : 1)] = code >> 8;
    }
    return bytes;
  };

  for (const bigEndian of [false, true]) {
    const name = bigEndian ? "big-endian" : "little-endian";
    test(`${name}: recognised and read like UTF-8`, () => {
      const bytes = utf16(otter, bigEndian);
      expect(detectTranscriptFormat(bytes)).toBe("txt");
      expect(turns(readTranscriptFile(bytes).transcript)).toEqual(expected);
    });

    test(`${name}: read from a stream cut anywhere, even inside a character`, async () => {
      const bytes = utf16(`WEBVTT\n\n00:01.000 --> 00:02.000\n<v Zoë>Café “ok” 中文\n`, bigEndian);
      for (const size of [1, 3, 5, 4096]) {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.length; at += size) controller.enqueue(bytes.slice(at, at + size));
            controller.close();
          },
        });
        const { format, transcript } = await parseTranscriptStream(stream);
        expect(format).toBe("vtt");
        expect(turns(transcript)).toEqual([["Zoë", 1, "Café “ok” 中文"]]);
      }
    });
  }
});

describe("a speaker line is told from speech by its shape", () => {
  const otterWith = (line: string) => `Harold Feng  0:04\nFirst words.\n\n${line}\nMore words.\n`;
  const speakers = (text: string) => parseTranscript(text, "txt").segments.map((s) => s.speaker);

  test("a name and a time alone on a line start a turn", () => {
    expect(speakers(otterWith("Amara Osei  6:40"))).toEqual(["Harold Feng", "Amara Osei"]);
    expect(speakers(otterWith("Dr. Amara O'Neil  16:40"))).toEqual(["Harold Feng", "Dr. Amara O'Neil"]);
  });

  test("a speaker whose name is also a month or a day is a speaker where the export puts its headers", () => {
    // Otter: two spaces between name and time; Rev: "Name (time):". Names invented for the test.
    const otter =
      "Harold Feng  0:04\nFirst words.\n\nJune Pemberton  0:11\nWe sold the cabin.\n\nMay Chen  0:40\nGood.\n";
    expect(speakers(otter)).toEqual(["Harold Feng", "June Pemberton", "May Chen"]);
    expect(speakers("June Pemberton  0:00\nHello.\n\nWill Ortiz  0:05\nHi.\n")).toEqual([
      "June Pemberton",
      "Will Ortiz",
    ]);
    const rev = "April Nguyen (00:00:40):\nThe appraisal came in.\n\nGrace Obi (00:01:02):\nThanks.\n";
    expect(speakers(rev)).toEqual(["April Nguyen", "Grace Obi"]);
    // The header's speaker is not glued to the turn before it.
    const segments = parseTranscript(otter, "txt").segments;
    expect(segments[0]?.text).toBe("First words.");
    expect(segments[1]).toMatchObject({ speaker: "June Pemberton", start: 11, text: "We sold the cabin." });
  });

  test("sentences that end with a time are speech, not headers", () => {
    for (const line of [
      "we meet at 6:40",
      "We meet at 6:40",
      "Tuesday 6:40",
      "See You At 6:40",
      "Meeting moved to 6:40 pm",
      "Amara Osei 6:40 sharp",
      "Amara Osei  6:4",
      "Amara Osei  6:400",
      "Amara Osei  6:75",
      "Ann (1:23) said no",
    ]) {
      const segments = parseTranscript(otterWith(line), "txt").segments;
      expect(segments.map((s) => s.speaker)).toEqual(["Harold Feng", null]);
      expect(segments[1]?.text).toBe(`${line.replace("  ", " ")} More words.`);
    }
  });

  test("inside a paragraph of a file without headers, a name and a time is speech", () => {
    const text = "Ann: We said\nBob Ross 6:40\nwould work.\n";
    expect(parseTranscript(text, "txt").segments).toEqual([
      { start: null, end: null, speaker: "Ann", text: "We said Bob Ross 6:40 would work." },
    ]);
  });
});

describe("an unknown layout", () => {
  test("loads as plain text without speakers instead of being refused", () => {
    const notes = "# Call notes\n\n* client wants to retire at 60\n* next review in spring\n";
    const { format, transcript } = readTranscriptFile(encode(notes));
    expect(format).toBe("txt");
    expect(transcript.segments.every((s) => s.speaker === null)).toBe(true);
    expect(transcript.fullText).toContain("client wants to retire at 60");
  });
});
