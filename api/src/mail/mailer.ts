import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Resend } from "resend";
import { consoleLogger, type Logger } from "../logger";
import { SUPPORT_EMAIL, VERIFICATION_SUBJECT } from "./mail-brand";

export interface MailMessage {
  /** One address, or several (a follow-up e-mail): one message to all of them. */
  to: string | string[];
  subject: string;
  html: string;
  text: string;
  /** Where replies go (a follow-up: the advisor); the support address when not given. */
  replyTo?: string | undefined;
}

export interface Mailer {
  transport: "resend" | "outbox";
  send(message: MailMessage): Promise<void>;
}

/** One file of the dev outbox, `DATA_DIR/outbox/<timestamp>-<random>.json`. Several recipients are written "a, b". */
export interface OutboxMessage extends Omit<MailMessage, "to"> {
  to: string;
  /** ISO time the message was written. */
  sentAt: string;
}

export interface MailerOptions {
  /** Sends through Resend when set; otherwise every message goes to the dev outbox. */
  resendApiKey?: string | undefined;
  /** Sender, e.g. `Clearminute <no-reply@clearminute.app>` (MAIL_FROM). */
  from?: string | undefined;
  dataDir: string;
  log?: Logger | undefined;
  /** Resend API origin; defaults to the SDK's (RESEND_BASE_URL, else https://api.resend.com). Tests point it at a double. */
  resendBaseUrl?: string | undefined;
}

export const DEFAULT_MAIL_FROM = "Clearminute <no-reply@clearminute.app>";

export function createMailer(options: MailerOptions): Mailer {
  const log = options.log ?? consoleLogger;
  if (options.resendApiKey) {
    return createResendMailer(options.resendApiKey, options.from || DEFAULT_MAIL_FROM, options.resendBaseUrl);
  }
  return createOutboxMailer(options.dataDir, log);
}

function createResendMailer(apiKey: string, from: string, baseUrl: string | undefined): Mailer {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl } : undefined);
  const hideKey = (text: string) => text.split(apiKey).join("[redacted]");
  return {
    transport: "resend",
    async send(message) {
      let answer: Awaited<ReturnType<typeof resend.emails.send>>;
      try {
        answer = await resend.emails.send({ from, ...message, replyTo: message.replyTo ?? SUPPORT_EMAIL });
      } catch (error) {
        throw new Error(hideKey(`Resend could not send "${message.subject}": ${(error as Error).message}`));
      }
      if (answer.error) {
        const { name, message: reason, statusCode } = answer.error;
        // statusCode is null when no HTTP answer came back (network failure, bad base URL).
        const problem = statusCode
          ? `rejected "${message.subject}" (HTTP ${statusCode})`
          : `could not send "${message.subject}"`;
        throw new Error(hideKey(`Resend ${problem}: ${name}: ${reason}`));
      }
    },
  };
}

// Messages written in the same millisecond still get distinct, ordered sentAt values.
let lastSentAt = 0;

function takeSentAt(): Date {
  lastSentAt = Math.max(Date.now(), lastSentAt + 1);
  return new Date(lastSentAt);
}

function createOutboxMailer(dataDir: string, log: Logger): Mailer {
  const outbox = join(dataDir, "outbox");
  return {
    transport: "outbox",
    async send(message) {
      const sentAt = takeSentAt();
      const to = Array.isArray(message.to) ? message.to.join(", ") : message.to;
      const entry: OutboxMessage = {
        to,
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        subject: message.subject,
        text: message.text,
        html: message.html,
        sentAt: sentAt.toISOString(),
      };
      const name = `${sentAt.getTime()}-${randomBytes(4).toString("hex")}.json`;
      await mkdir(outbox, { recursive: true });
      // Write then rename, so a reader never sees a half-written file.
      const temporary = join(outbox, `.${name}.tmp`);
      await writeFile(temporary, `${JSON.stringify(entry, null, 2)}\n`);
      await rename(temporary, join(outbox, name));
      log.info("mail written to outbox", { subject: message.subject, to });
    },
  };
}

/** Every message of the dev outbox, oldest first. Empty when nothing was sent yet. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  const outbox = join(dataDir, "outbox");
  let names: string[];
  try {
    names = (await readdir(outbox)).filter((name) => name.endsWith(".json") && !name.startsWith("."));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = await Promise.all(
    names.map(async (name) => ({
      name,
      message: JSON.parse(await readFile(join(outbox, name), "utf8")) as OutboxMessage,
    })),
  );
  files.sort((a, b) => a.message.sentAt.localeCompare(b.message.sentAt) || a.name.localeCompare(b.name));
  return files.map((file) => file.message);
}

/** The 6-digit code of the newest verification mail sent to `email` (case-insensitive), if any. */
export async function latestCodeFor(dataDir: string, email: string): Promise<string | undefined> {
  const address = email.trim().toLowerCase();
  const messages = await readOutbox(dataDir);
  for (const message of messages.reverse()) {
    if (message.to.trim().toLowerCase() !== address || message.subject !== VERIFICATION_SUBJECT) continue;
    const code = /\b(\d{6})\b/.exec(message.text)?.[1];
    if (code) return code;
  }
  return undefined;
}
