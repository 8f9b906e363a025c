// Invoice and credit note PDFs for the order's shopper (and admins), the store's GST settings and
// the back office's register with its CSV exports.
import { OrderNumberParam } from '@spice/shared/contracts/admin';
import { ErrorBody } from '@spice/shared/contracts/common';
import {
  Gstr1Query,
  InvoiceExportParams,
  InvoiceRegister,
  InvoiceRegisterQuery,
  InvoiceSettings,
  InvoiceSettingsEdit,
} from '@spice/shared/contracts/invoices';
import * as z from '@spice/shared/contracts/zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { neverCache } from '../../lib/cache-headers.ts';
import { requireAdmin, requireUser } from '../../plugins/auth.ts';

const CreditNoteParams = OrderNumberParam.extend({ number: z.string().min(1).max(40) });

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accounts, invoices, invoiceRegister } = app.services;
  neverCache(app);

  for (const [path, kind] of [
    ['invoice', 'invoice'],
    ['credit-note', 'credit_note'],
  ] as const) {
    app.get(
      `/orders/:orderNumber/${path}`,
      {
        schema: {
          tags: ['orders'],
          summary: `The order's GST ${path.replace('-', ' ')} as a PDF (its shopper or an admin)`,
          description:
            "application/pdf, inline. 401 logged out; 404 before one is issued, and for another shopper's order.",
          params: OrderNumberParam,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const user = await requireUser(request, accounts);
        const { number, pdf } = await invoices.pdf(user, request.params.orderNumber, kind);
        const filename = `${number.replaceAll('/', '-')}.pdf`;
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `inline; filename="${filename}"`)
          .send(pdf);
      },
    );
  }

  app.get(
    '/orders/:orderNumber/credit-notes/:number',
    {
      schema: {
        tags: ['orders'],
        summary: "One of the order's GST credit notes as a PDF (its shopper or an admin)",
        description:
          "application/pdf, inline. `number` as the order detail's `creditNotes[].number` says it, its slashes encoded (%2F) or written as dashes (KCC-26-27-000004). 401 logged out; 404 for an unknown number, and for another shopper's order.",
        params: CreditNoteParams,
        produces: ['application/pdf'],
      },
    },
    async (request, reply) => {
      const user = await requireUser(request, accounts);
      const { orderNumber, number: asked } = request.params;
      const { number, pdf } = await invoices.pdf(user, orderNumber, 'credit_note', asked);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${number.replaceAll('/', '-')}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/admin/invoice-settings',
    {
      schema: {
        tags: ['admin'],
        summary: "The store's GST registration as invoices print it",
        response: { 200: InvoiceSettings, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return invoices.settings();
    },
  );

  app.put(
    '/admin/invoice-settings',
    {
      schema: {
        tags: ['admin'],
        summary: "Change the store's GST registration (audited); applies to documents issued from now on",
        body: InvoiceSettingsEdit,
        response: { 200: InvoiceSettings, ...errors },
      },
    },
    async (request) => invoices.updateSettings(await requireAdmin(request, accounts), request.body),
  );

  app.get(
    '/admin/invoices',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invoices and credit notes issued in a month (IST), with totals per tax head',
        querystring: InvoiceRegisterQuery,
        response: { 200: InvoiceRegister, ...errors },
      },
    },
    async (request) => {
      await requireAdmin(request, accounts);
      return invoiceRegister.register(request.query.month);
    },
  );

  app.get(
    '/admin/invoices/export/:kind',
    {
      schema: {
        tags: ['admin'],
        summary:
          "GSTR-1 CSVs for a month: b2b, b2cl, b2cs (net of its credit notes), cdnr, cdnur, hsn-b2b, hsn-b2c (net), hsn (both), docs; 'b2c' is b2cs",
        params: InvoiceExportParams,
        querystring: InvoiceRegisterQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { filename, body } = await invoiceRegister.csv(request.params.kind, request.query.month);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(body);
    },
  );

  app.get(
    '/admin/gstr1',
    {
      schema: {
        tags: ['admin'],
        summary: "A month's GSTR-1 as one JSON file the GST portal's offline tool imports",
        description:
          'period is MMYYYY. Sections b2b, b2cl, b2cs, cdnr, cdnur, hsn (hsn_b2b, hsn_b2c), doc_issue; amounts in rupees, equal to the CSV exports.',
        querystring: Gstr1Query,
        produces: ['application/json'],
      },
    },
    async (request, reply) => {
      await requireAdmin(request, accounts);
      const { filename, body } = await invoiceRegister.json(request.query.period);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(JSON.stringify(body));
    },
  );
};
