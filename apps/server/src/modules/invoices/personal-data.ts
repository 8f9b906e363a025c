// The invoices module's part of the retention job (privacy/retention.ts, decision 0036): an issued
// invoice stays as issued for the 8 years tax law asks (erasure never touches it); once its order
// is past that period, it and its credit notes keep their figures but no longer name the buyer.
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { creditNotes, type DocumentSnapshot, invoices } from './schema.ts';

const FORGOTTEN = 'Erased customer';

const withoutBuyer = (s: DocumentSnapshot): DocumentSnapshot => ({
  ...s,
  buyer: { ...s.buyer, name: FORGOTTEN, address: '', phone: '' },
});

/** The invoices and credit notes of these orders no longer carry the buyer's name, address or phone. */
export async function forgetBuyersOf(tx: Tx, orderIds: number[]): Promise<number> {
  if (orderIds.length === 0) return 0;
  const issued = await tx
    .select({ id: invoices.id, snapshot: invoices.snapshot })
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds));
  let changed = 0;
  for (const invoice of issued) {
    await tx
      .update(invoices)
      .set({ snapshot: withoutBuyer(invoice.snapshot) })
      .where(inArray(invoices.id, [invoice.id]));
    changed++;
  }
  if (issued.length === 0) return changed;
  const notes = await tx
    .select({ id: creditNotes.id, snapshot: creditNotes.snapshot })
    .from(creditNotes)
    .where(
      inArray(
        creditNotes.invoiceId,
        issued.map((i) => i.id),
      ),
    );
  for (const note of notes) {
    await tx
      .update(creditNotes)
      .set({ snapshot: withoutBuyer(note.snapshot) })
      .where(inArray(creditNotes.id, [note.id]));
    changed++;
  }
  return changed;
}
