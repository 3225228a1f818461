import { adminMeetCardsQuerySchema, meetCardQuerySchema } from '@curbside/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorAt, withAccess } from '../../plugins/route-access';
import { pathIdSchema } from '../../rest/inputs';
import type { MeetCardsService, RenderCards } from './meet-cards.service';
import { PdfThread } from './pdf-thread';

// The meet-card downloads: plain routes, because the response is a PDF file, not JSON. Their access levels are
// checked by plugins/route-access.ts: 401 signed out; the admin route 403 for anyone who does not act as an admin.
// Each PDF is made once per content (meet-cards.service.ts); past the renders' line the answer is 503 with
// Retry-After (lib/single-flight.ts).

const carParams = z.object({ id: pathIdSchema });

export function registerMeetCardRoutes(
  app: FastifyInstance,
  deps: { meetCards: MeetCardsService; siteName: string; publicUrl: string },
): void {
  // Drawn on a worker thread (pdf-thread.ts), so the other requests never wait for a PDF.
  const thread = new PdfThread({ siteName: deps.siteName, publicUrl: deps.publicUrl });
  app.addHook('onClose', () => thread.close());
  const render: RenderCards = (batch, layout) => thread.render(batch, layout);
  const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  /** GET /api/cars/{id}/meet-card.pdf?layout=a6|sheet|sheet-a4 (the car's owner, or an admin). */
  const signedInOnly = withAccess({ level: 'signedIn' });
  app.get('/api/cars/:id/meet-card.pdf', signedInOnly, async (req, reply) => {
    const { actor } = actorAt(req);
    const { id } = carParams.parse(req.params);
    const { layout } = meetCardQuerySchema.parse(req.query);
    return sendPdf(reply, await deps.meetCards.ownerPdf(actor, id, layout, render), `meet-card-${id}.pdf`);
  });

  /** GET /api/admin/meet-cards.pdf?carIds=1,2,3&layout=&eventId= (admin): at most MEET_CARD_MAX_CARS cars. */
  const adminOnly = withAccess({ level: 'admin' });
  app.get('/api/admin/meet-cards.pdf', adminOnly, async (req, reply) => {
    const { carIds, layout, eventId } = adminMeetCardsQuerySchema.parse(req.query);
    const pdf = await deps.meetCards.adminPdf(carIds, eventId ?? null, layout, render);
    return sendPdf(reply, pdf, eventId ? `meet-cards-event-${eventId}.pdf` : 'meet-cards.pdf');
  });
}
