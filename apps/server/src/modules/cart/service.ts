// Carts. Owns cart_items. Prices, names and images always come from the catalogue, never from
// the request; quantities are checked against stock.
import type { CartItemDto } from '@spice/shared/contracts/commerce';
import { productImage } from '@spice/shared/images';
import type { Lang } from '@spice/shared/lang';
import { withCountryCode } from '@spice/shared/validators';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { placeholdersFor, preparedStatement } from '../../db/prepared.ts';
import { AppError } from '../../plugins/errors.ts';
import type { CatalogService, CatalogView } from '../catalog/service.ts';
import { cartItems } from './schema.ts';

/** A cart line as the shopper's cart is shown from. */
type CartRow = Pick<typeof cartItems.$inferSelect, 'id' | 'productId' | 'variantId' | 'quantity'>;

/**
 * Adds units to a line (made if new) as long as the line stays within `stock`; no row when not.
 * The row comes back with the shopper's other lines (as the statement found them), so the cart
 * is answered without reading it again.
 */
const addWithinStock = preparedStatement('cart_add_within_stock', (db) =>
  db
    .insert(cartItems)
    .values(
      placeholdersFor<typeof cartItems.$inferInsert>()(['userId', 'productId', 'variantId', 'quantity']),
    )
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.variantId],
      set: {
        quantity: sql`${cartItems.quantity} + excluded.quantity`,
        updatedAt: sql.placeholder('updatedAt') as unknown as Date,
      },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${sql.placeholder('stock')}`,
    })
    .returning({
      id: cartItems.id,
      productId: cartItems.productId,
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      // Written out: in RETURNING Drizzle leaves the columns unqualified.
      others: sql<CartRow[]>`coalesce((select json_agg(json_build_object('id', c.id,
        'productId', c.product_id, 'variantId', c.variant_id, 'quantity', c.quantity))
        from cart_items c where c.user_id = "cart_items"."user_id" and c.id <> "cart_items"."id"), '[]'::json)`,
    }),
);

export function createCartService(db: Db, catalog: CatalogService) {
  // The shopper's lines, one prepared statement (the signed-in reads: bench/README.md).
  const linesOf = db
    .select()
    .from(cartItems)
    .where(eq(cartItems.userId, sql.placeholder('userId')))
    .orderBy(asc(cartItems.id))
    .prepare('cart_lines');

  /** The lines with names and weights in the shopper's language (prices and stock are the same). */
  async function list(user: { id: number; mobile: string }, lang: Lang = 'en'): Promise<CartItemDto[]> {
    const [rows, snap] = await Promise.all([linesOf.execute({ userId: user.id }), catalog.view(lang)]);
    return shown(rows, user, snap);
  }

  function shown(rows: readonly CartRow[], user: { mobile: string }, snap: CatalogView): CartItemDto[] {
    return rows.map((row) => {
      const product = snap.byId.get(row.productId);
      const variant = product?.variants.find((v) => v.id === row.variantId);
      return {
        id: row.id,
        productId: row.productId,
        variantId: row.variantId,
        slug: product?.slug ?? '',
        productName: product?.name ?? 'Unavailable product',
        variant: variant?.weight ?? '',
        price: variant?.price ?? 0,
        mrp: variant?.mrp ?? 0,
        quantity: row.quantity,
        stock: variant?.stock ?? 0,
        available: Boolean(product?.active && variant && variant.stock >= row.quantity && variant.price > 0),
        phoneNumber: withCountryCode(user.mobile),
        image: product ? productImage(product) : '',
        unitPrice: variant?.unitPrice ?? null,
      };
    });
  }

  /** What the cart's lines cost at today's prices, in paise (a line whose variant is gone counts 0). */
  async function subtotalPaise(userId: number): Promise<number> {
    const [rows, snap] = await Promise.all([linesOf.execute({ userId }), catalog.snapshot()]);
    return rows.reduce(
      (sum, row) => sum + (snap.prices.get(row.variantId)?.pricePaise ?? 0) * row.quantity,
      0,
    );
  }

  /** The variant a request names, by id or by weight; 400 when it is not a real, buyable one. */
  async function resolve(
    productId: number,
    variant: { id?: number | undefined; weight?: string | undefined },
  ) {
    const product = await catalog.getById(productId);
    if (!product?.active)
      throw new AppError('invalid', 'This product is not available.', { productId: 'Unknown product.' });
    if (variant.id === undefined && !variant.weight) {
      throw new AppError('invalid', 'Please choose a weight.', { variant: 'Please choose a weight.' });
    }
    const found = product.variants.find((v) =>
      variant.id !== undefined
        ? v.id === variant.id
        : v.weight.toLowerCase() === variant.weight!.trim().toLowerCase(),
    );
    if (!found)
      throw new AppError('invalid', 'This weight is not available for this product.', {
        variant: 'Unknown weight.',
      });
    return { product, variant: found };
  }

  function checkQuantity(quantity: number, stock: number, name: string) {
    if (quantity < 1)
      throw new AppError('invalid', 'Quantity must be at least 1.', {
        quantity: 'Quantity must be at least 1.',
      });
    if (stock <= 0) throw new AppError('invalid', `${name} is out of stock.`, { quantity: 'Out of stock.' });
    if (quantity > stock) throw onlyLeft(stock, name);
  }

  function onlyLeft(stock: number, name: string) {
    return new AppError('invalid', `Only ${stock} left of ${name}.`, { quantity: `Only ${stock} left.` });
  }

  return {
    list,
    subtotalPaise,

    /** Adds a line, or raises the quantity of the same product and variant already in the cart. */
    async add(
      user: { id: number; mobile: string },
      input: {
        productId: number;
        variantId?: number | undefined;
        weight?: string | undefined;
        quantity: number;
      },
      lang: Lang = 'en',
    ): Promise<CartItemDto[]> {
      const { product, variant } = await resolve(input.productId, {
        id: input.variantId,
        weight: input.weight,
      });
      const name = `${product.name} ${variant.weight}`;
      // What is added must fit in stock by itself; with what the cart already holds, the upsert
      // below checks it in the same statement (no transaction, no row read first).
      checkQuantity(input.quantity, variant.stock, name);
      const [line] = await addWithinStock(db).execute({
        userId: user.id,
        productId: product.id,
        variantId: variant.id,
        quantity: input.quantity,
        stock: variant.stock,
        updatedAt: new Date(),
      });
      if (!line) throw onlyLeft(variant.stock, name); // the cart already held the rest
      const { others, ...added } = line;
      const rows = [...others, added].sort((a, b) => a.id - b.id);
      return shown(rows, user, await catalog.view(lang));
    },

    async setQuantity(
      user: { id: number; mobile: string },
      id: number,
      quantity: number,
      lang: Lang = 'en',
    ): Promise<CartItemDto[]> {
      const [row] = await db
        .select()
        .from(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, user.id)));
      if (!row) throw new AppError('notFound', 'This item is not in your cart.');
      const { product, variant } = await resolve(row.productId, { id: row.variantId });
      checkQuantity(quantity, variant.stock, `${product.name} ${variant.weight}`);
      await db.update(cartItems).set({ quantity, updatedAt: new Date() }).where(eq(cartItems.id, id));
      return list(user, lang);
    },

    async remove(
      user: { id: number; mobile: string },
      id: number,
      lang: Lang = 'en',
    ): Promise<CartItemDto[]> {
      const gone = await db
        .delete(cartItems)
        .where(and(eq(cartItems.id, id), eq(cartItems.userId, user.id)))
        .returning({ id: cartItems.id });
      if (gone.length === 0) throw new AppError('notFound', 'This item is not in your cart.');
      return list(user, lang);
    },
  };
}
