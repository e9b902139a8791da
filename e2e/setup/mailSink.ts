/**
 * A real SMTP server for the browser tests: the app under test sends its mail here (SMTP_URL), and
 * each message is written as JSON into MAIL_DIR, where specs read it (`readMail`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/** Minimal RFC 5322 reading of what nodemailer sends: headers, and a text part (7bit or quoted-printable). */
export function parseMessage(raw: string): { to: string; subject: string; text: string } {
  const unfolded = raw.replace(/\r\n/g, '\n');
  const [head = '', ...bodyParts] = unfolded.split('\n\n');
  const headers = head.replace(/\n[ \t]+/g, ' ');
  const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(headers)?.[1]?.trim() ?? '';
  let text = bodyParts.join('\n\n');
  const boundary = /boundary="?([^";\n]+)"?/i.exec(headers)?.[1];
  if (boundary) {
    const parts = text.split(`--${boundary}`);
    const plain = parts.find((part) => /content-type:\s*text\/plain/i.test(part)) ?? parts[1] ?? '';
    const [partHead = '', ...partBody] = plain.replace(/^\n/, '').split('\n\n');
    text = partBody.join('\n\n');
    if (/quoted-printable/i.test(partHead)) text = decodeQuotedPrintable(text);
  } else if (/quoted-printable/i.test(header('Content-Transfer-Encoding'))) {
    text = decodeQuotedPrintable(text);
  }
  return { to: header('To'), subject: header('Subject'), text: text.trim() };
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function startMailSink(port: number, dir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        const record = {
          ...parseMessage(Buffer.concat(chunks).toString('utf8')),
          date: new Date().toISOString(),
        };
        fs.writeFileSync(path.join(dir, `${Date.now()}-${count}.json`), JSON.stringify(record));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
