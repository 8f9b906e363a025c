// Batches, best-before dates and recalls (issue 39, decision 0044): the back office's contracts.
import * as z from './zod.ts';

export const BATCH_TEXTS = {
  duplicate: 'This variant already has a batch with that number.',
  datesOrder: 'The best-before date must be after the manufacturing date.',
  notFound: 'Batch not found.',
  tooLow: 'A batch cannot go below zero units.',
  variantNotFound: 'Variant not found.',
  recallNotFound: 'Recall not found.',
  recallBatches: 'Choose one or more batches of this variant.',
  alreadyRecalled: (batch: string) => `Batch ${batch} is already recalled.`,
  shortToPack: (name: string) =>
    `Not enough sellable stock in batches to pack ${name}. Receive a batch, then pack again.`,
} as const;

const day = z.iso.date({ error: 'Enter a date as YYYY-MM-DD.' });
const batchNumber = z
  .string()
  .trim()
  .min(1, 'Enter the batch number.')
  .max(40, 'Batch number must be at most 40 characters.')
  .regex(/^[A-Za-z0-9][A-Za-z0-9\-/._]*$/, 'Use letters, digits and - / . _ in a batch number.');

export const BatchReceive = z
  .object({
    batchNumber,
    manufacturedOn: day,
    bestBefore: day,
    quantity: z.coerce
      .number({ error: 'Enter a whole number of units, like 24.' })
      .int('Enter a whole number of units, like 24.')
      .min(1, 'Receive at least 1 unit.')
      .max(100_000, 'That is too many units for one batch.'),
  })
  .refine((b) => b.bestBefore > b.manufacturedOn, { message: BATCH_TEXTS.datesOrder, path: ['bestBefore'] })
  .meta({ id: 'BatchReceive' });
export type BatchReceiveInput = z.infer<typeof BatchReceive>;

export const BatchAdjustment = z
  .object({
    change: z.coerce
      .number({ error: 'Enter a whole number of units, like 12 or -3.' })
      .int('Enter a whole number of units, like 12 or -3.')
      .min(-100_000, 'That is too large a change.')
      .max(100_000, 'That is too large a change.')
      .refine((n) => n !== 0, 'Enter a change other than 0.'),
    reason: z
      .string()
      .trim()
      .min(1, 'Please say why the stock changes.')
      .max(200, 'Reason must be at most 200 characters.'),
  })
  .meta({ id: 'BatchAdjustment' });
export type BatchAdjustmentInput = z.infer<typeof BatchAdjustment>;

export const BatchParams = z.object({
  id: z.coerce.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
  batchNumber: z.string().max(40),
});

export const Batch = z
  .object({
    variantId: z.number().int(),
    batchNumber: z.string(),
    manufacturedOn: z.string(),
    bestBefore: z.string(),
    received: z.number().int(),
    /** Units held by unpacked orders and checkouts that packing would take from this batch (FEFO). */
    reserved: z.number().int(),
    sold: z.number().int(),
    returned: z.number().int(),
    adjusted: z.number().int(),
    onHand: z.number().int(),
    daysToBestBefore: z.number().int(),
    sellable: z.boolean(),
    recalled: z.boolean(),
    recallNumber: z.string().nullable(),
  })
  .meta({ id: 'Batch' });
export type BatchDto = z.infer<typeof Batch>;

export const StockSettings = z
  .object({
    minShelfLifeDays: z.coerce.number().int().min(0).max(3650),
    expiryAlertDays: z.coerce.number().int().min(0).max(3650),
    showBestBefore: z.boolean(),
  })
  .meta({ id: 'StockSettings' });
export type StockSettingsDto = z.infer<typeof StockSettings>;

export const ReorderLevel = z
  .object({ reorderLevel: z.coerce.number().int().min(0).max(1_000_000) })
  .meta({ id: 'ReorderLevel' });

export const StockAlerts = z
  .object({
    nearExpiry: z.array(
      z.object({
        variantId: z.number().int(),
        productName: z.string(),
        weight: z.string(),
        batchNumber: z.string(),
        bestBefore: z.string(),
        onHand: z.number().int(),
        daysToBestBefore: z.number().int(),
      }),
    ),
    belowReorderLevel: z.array(
      z.object({
        variantId: z.number().int(),
        productName: z.string(),
        weight: z.string(),
        sku: z.string(),
        stock: z.number().int(),
        reorderLevel: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'StockAlerts' });
export type StockAlertsDto = z.infer<typeof StockAlerts>;

/** An order line's units by the batch they were packed from. */
export const LineAllocation = z
  .object({
    orderItemId: z.number().int(),
    variantId: z.number().int(),
    batchNumber: z.string(),
    bestBefore: z.string(),
    quantity: z.number().int(),
    returned: z.number().int(),
  })
  .meta({ id: 'LineAllocation' });
export type LineAllocationDto = z.infer<typeof LineAllocation>;

export const RECALL_ACTIONS = ['REFUND', 'REPLACEMENT', 'BOTH'] as const;

export const RecallStart = z
  .object({
    variantId: z.number().int().positive().max(z.INT4_MAX, z.OUT_OF_RANGE),
    batchNumbers: z.array(z.string().trim().min(1).max(40)).min(1, BATCH_TEXTS.recallBatches).max(50),
    reason: z
      .string()
      .trim()
      .min(1, 'Please give the reason for the recall.')
      .max(500, 'Reason must be at most 500 characters.'),
    action: z.enum(RECALL_ACTIONS),
  })
  .meta({ id: 'RecallStart' });
export type RecallStartInput = z.infer<typeof RecallStart>;

export const RecallOrder = z.object({
  orderNumber: z.string(),
  status: z.string(),
  shopperName: z.string(),
  shopperMobile: z.string(),
  batchNumber: z.string(),
  quantity: z.number().int(),
  remedy: z.enum(['REFUND', 'REPLACEMENT']).nullable(),
  remedyStatus: z.enum(['REQUESTED', 'DONE']).nullable(),
});

export const Recall = z
  .object({
    recallNumber: z.string(),
    variantId: z.number().int(),
    productName: z.string(),
    weight: z.string(),
    reason: z.string(),
    action: z.enum(RECALL_ACTIONS),
    createdAt: z.string(),
    batches: z.array(
      z.object({
        batchNumber: z.string(),
        manufacturedOn: z.string(),
        bestBefore: z.string(),
        received: z.number().int(),
        sold: z.number().int(),
        inStock: z.number().int(),
        recovered: z.number().int(),
      }),
    ),
    /** Orders shipped or delivered with those batches. */
    affectedOrders: z.array(RecallOrder),
    affectedShoppers: z.number().int(),
    /** Packed but not shipped orders holding those batches: to be packed again. */
    toRepack: z.array(z.object({ orderNumber: z.string(), status: z.string() })),
    shoppersNotified: z.number().int(),
    refundsDone: z.number().int(),
    replacementsDone: z.number().int(),
  })
  .meta({ id: 'Recall' });
export type RecallDto = z.infer<typeof Recall>;

export const RecallSummary = z
  .object({
    recallNumber: z.string(),
    productName: z.string(),
    weight: z.string(),
    batchNumbers: z.array(z.string()),
    reason: z.string(),
    action: z.enum(RECALL_ACTIONS),
    affectedOrders: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'RecallSummary' });

export const RecallNumberParam = z.object({ recallNumber: z.string().max(20) });
