import { adminMeetCardsQuerySchema, meetCardQuerySchema } from '@curbside/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { callerOf } from '../../context';
import { pathIdSchema } from '../../rest/inputs';
import { admin, signedIn } from '../../trpc';
import type { MeetCardsService, RenderCards } from './meet-cards.service';

// The meet-card downloads (issue 26): plain routes, because the response is a PDF file, not JSON. The access levels
// are trpc.ts's (signedIn, admin): 401 signed out; the admin route 403 for anyone but an admin.

const carParams = z.object({ id: pathIdSchema });

export function registerMeetCardRoutes(
  app: FastifyInstance,
  deps: { meetCards: MeetCardsService; siteName: string; publicUrl: string },
): void {
  const site = { siteName: deps.siteName, publicUrl: deps.publicUrl };
  const caller = (req: FastifyRequest) => callerOf(req, app.services.accounts);

  const render: RenderCards = async (batch, layout) => {
    const { renderMeetCardsPdf } = await import('./meet-card-pdf');
    return renderMeetCardsPdf(batch, layout, site);
  };
  const sendPdf = (reply: FastifyReply, pdf: Buffer, filename: string) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-length', String(pdf.length))
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);

  /** GET /api/cars/{id}/meet-card.pdf?layout=a6|sheet|sheet-a4 (the car's owner, or an admin). */
  app.get('/api/cars/:id/meet-card.pdf', async (req, reply) => {
    const user = signedIn((await caller(req)).user);
    // While a site mode is on the site is for admins only, as for every procedure (trpc.ts siteModes).
    const closed = await app.services.settings.refusalFor(user);
    if (closed) throw closed;
    const { id } = carParams.parse(req.params);
    const { layout } = meetCardQuerySchema.parse(req.query);
    return sendPdf(reply, await deps.meetCards.ownerPdf(user, id, layout, render), `meet-card-${id}.pdf`);
  });

  /** GET /api/admin/meet-cards.pdf?carIds=1,2,3&layout=&eventId= (admin): at most MEET_CARD_MAX_CARS cars. */
  app.get('/api/admin/meet-cards.pdf', async (req, reply) => {
    admin(await caller(req));
    const { carIds, layout, eventId } = adminMeetCardsQuerySchema.parse(req.query);
    const batch = await deps.meetCards.adminCards(carIds, eventId ?? null);
    const pdf = await render(batch, layout);
    return sendPdf(reply, pdf, eventId ? `meet-cards-event-${eventId}.pdf` : 'meet-cards.pdf');
  });
}
