/**
 * What a test reads back of a raw mail an SMTP peer received: its attachments (file name, type and
 * decoded bytes) and its headers, unfolded and with RFC 2047 encoded words decoded.
 */
export function mailAttachments(raw: string): { filename: string; contentType: string; bytes: Buffer }[] {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts.flatMap((part) => {
    const name = /filename="?([^"\r\n;]+)"?/.exec(part);
    if (!name) return [];
    const [headers, ...body] = part.split(/\r?\n\r?\n/);
    const contentType = /Content-Type:\s*([^;\r\n]+)/i.exec(headers!)?.[1] ?? '';
    return [
      {
        filename: name[1]!,
        contentType,
        bytes: Buffer.from(body.join('').replace(/\s|--.*$/g, ''), 'base64'),
      },
    ];
  });
}

/** A top-level header's value (the first one of that name), or null. */
export function mailHeader(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  if (line === undefined) return null;
  return line
    .slice(name.length + 1)
    .trim()
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_m, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}
