// The invoices module's API edge for money: documents hold paise; the register's heads are rupees.
import { toRupees } from '@spice/shared/money';

export interface TaxHeadsPaise {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  grandTotalPaise: number;
}

/** Taxable value, each tax and the total, in rupees (the register's `Rupees` fields). */
export function taxHeadsDto(h: TaxHeadsPaise) {
  return {
    taxable: toRupees(h.taxablePaise),
    cgst: toRupees(h.cgstPaise),
    sgst: toRupees(h.sgstPaise),
    igst: toRupees(h.igstPaise),
    total: toRupees(h.grandTotalPaise),
  };
}
