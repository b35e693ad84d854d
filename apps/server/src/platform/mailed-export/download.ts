import type { FastifyReply } from 'fastify';

/** A stored export's file as the browser saves it: media type, file name, bytes or stream. */
export interface Download {
  type: string;
  filename: string;
  body: unknown;
}

/** Answers an export's file as an attachment (the mails' signed links, the portal's lists). */
export function sendDownload(reply: FastifyReply, file: Download): FastifyReply {
  return reply
    .type(file.type)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}
