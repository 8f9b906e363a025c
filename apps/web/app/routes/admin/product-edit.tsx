// One product in the back office: /admin/products/new creates it (then opens it for images),
// /admin/products/:id edits it. The whole form saves in one transaction against the version it
// loaded; images are added through the API and ordered, described or deleted here.
import { ImageAlt, ImageOrder, ProductCreate, ProductUpdate } from '@spice/shared/contracts/products-admin';
import { data, Link, redirect } from 'react-router';
import { fieldErrors, ResultMessage, readOrder } from '../../features/admin/forms';
import { type ActionResult, refusal, requireAdminPage } from '../../features/admin/guard.server';
import { adminMeta } from '../../features/admin/meta';
import { ProductForm } from '../../features/admin/product-form';
import { productFromForm } from '../../features/admin/product-form-data';
import { ProductImages } from '../../features/admin/product-images';
import type { PartOption } from '../../features/admin/product-variants';
import type { Route } from './+types/product-edit';

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.product ? loaderData.product.name : 'New product');
}

function productId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = Number(params.id);
  if (!Number.isInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { services } = await requireAdminPage(context, 'catalogue.manage');
  const id = productId(params);
  const created = new URL(request.url).searchParams.has('created');
  const maxUploadMb = services.media.maxUploadMb;
  // What a combo can be made of (decision 0040): other products' variants that are no combos.
  const partOptions: PartOption[] = (await services.catalog.listProducts('en')).flatMap((p) =>
    p.id === id
      ? []
      : p.variants
          .filter((v) => !v.components)
          .map((v) => ({
            variantId: v.id,
            label: `${p.name} ${v.weight}`,
            price: v.price,
            mrp: v.mrp,
            stock: v.stock,
          })),
  );
  if (id === null) return { product: null, created, maxUploadMb, waiting: [], partOptions };
  try {
    const [product, waiting] = await Promise.all([
      services.productEditing.get(id),
      // Issue 37: shoppers waiting for each of its variants to come back.
      services.marketing.waiting({ productId: id }),
    ]);
    return { product, created, maxUploadMb, waiting, partOptions };
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw data(null, { status: 404 });
    throw error;
  }
}

const invalid = (errors: Record<string, string>) =>
  data<ActionResult>(
    { ok: false, message: 'Please correct the fields marked below.', errors },
    { status: 400 },
  );

export async function action({ request, context, params }: Route.ActionArgs) {
  const { services, user } = await requireAdminPage(context, 'catalogue.manage');
  const id = productId(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'save');
  try {
    if (intent === 'save' && id === null) {
      const parsed = ProductCreate.safeParse(productFromForm(form));
      if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
      const product = await services.productEditing.create(user, parsed.data);
      return redirect(`/admin/products/${product.id}?created`);
    }
    if (intent === 'save' && id !== null) {
      const parsed = ProductUpdate.safeParse(productFromForm(form));
      if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
      await services.productEditing.update(user, id, parsed.data);
      return { ok: true, message: 'Product saved. The shop shows the change now.' } as ActionResult;
    }
    if (id === null)
      return data<ActionResult>({ ok: false, message: 'Create the product first.' }, { status: 400 });
    const imageId = Number(form.get('imageId'));
    if (intent === 'image-order') {
      const parsed = ImageOrder.safeParse({ ids: readOrder(form.get('order')) });
      if (!parsed.success)
        return data<ActionResult>({ ok: false, message: 'Please reload the page.' }, { status: 400 });
      await services.productEditing.reorderImages(user, id, parsed.data.ids);
      return { ok: true, message: 'Image order saved.' } as ActionResult;
    }
    if (intent === 'image-alt') {
      const parsed = ImageAlt.safeParse({ alt: form.get('alt') ?? '', altHi: form.get('altHi') ?? '' });
      if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
      await services.productEditing.updateImageAlt(user, id, imageId, parsed.data.alt, parsed.data.altHi);
      return { ok: true, message: 'Alt text saved.' } as ActionResult;
    }
    if (intent === 'image-delete') {
      await services.productEditing.deleteImage(user, id, imageId);
      return { ok: true, message: 'Image deleted.' } as ActionResult;
    }
    return data<ActionResult>({ ok: false, message: 'Unknown action.' }, { status: 400 });
  } catch (error) {
    return refusal(error);
  }
}

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, created, maxUploadMb, waiting, partOptions } = loaderData;
  const result =
    (actionData as ActionResult | undefined) ??
    (created ? { ok: true, message: 'Product created. Add its images below.' } : undefined);

  return (
    <>
      <p className="admin-back">
        <Link to="/admin/products">← All products</Link>
      </p>
      <div className="admin-heading">
        <h1>{product ? product.name : 'New product'}</h1>
        {product ? (
          <span className="admin-actions">
            <span className={`admin-status admin-status--${product.active ? 'active' : 'inactive'}`}>
              {product.active ? 'Active' : 'Inactive'}
            </span>
            <a href={`/product/${product.slug}`} target="_blank" rel="noreferrer">
              View in shop
            </a>
          </span>
        ) : null}
      </div>
      <ResultMessage result={result} />
      {/* Keyed by version: after a save the form starts again from what was saved. */}
      {waiting.length > 0 ? (
        <p className="admin-message" role="note">
          Waiting for it to come back:{' '}
          {waiting
            .map((w) => `${w.variant}: ${w.waiting} ${w.waiting === 1 ? 'shopper' : 'shoppers'}`)
            .join(' · ')}
        </p>
      ) : null}
      <ProductForm
        key={product?.version ?? 'new'}
        product={product}
        serverErrors={result?.errors}
        partOptions={partOptions}
      />
      {product ? (
        <ProductImages product={product} maxUploadMb={maxUploadMb} />
      ) : (
        <p className="admin-panel admin-muted">Images can be added once the product is created.</p>
      )}
    </>
  );
}
