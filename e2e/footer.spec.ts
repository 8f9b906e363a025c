import { expect, open, test } from './support.ts';

interface FooterApi {
  email: string | null;
  phoneNumber: string | null;
  facebookUrl: string | null;
  instagramUrl: string | null;
}
interface Marketplace {
  name: string;
  url: string;
  logoUrl: string;
}

test.describe('Footer', () => {
  test('shows Contact Us, the four policy links, support contacts, social icons, marketplaces and the 2025 copyright', async ({
    page,
    request,
  }) => {
    const footerData = (await (await request.get('/api/website/footer')).json()) as FooterApi;
    const marketplaces = (await (await request.get('/api/website/available-on')).json()) as Marketplace[];
    expect(marketplaces.length).toBeGreaterThan(0);

    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();

    await expect(footer.getByRole('link', { name: 'Contact Us', exact: true })).toBeVisible();

    const policies: Array<[RegExp, string]> = [
      [/^Privacy Policy$/, '/privacy-policy'],
      [/^Terms (&|and) Conditions$/, '/terms-and-conditions'],
      [/^Return (& Refund )?Policy$/, '/return-policy'],
      [/^Shipping Policy$/, '/shipping-policy'],
    ];
    for (const [name, href] of policies) {
      const link = footer.getByRole('link', { name });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', href);
    }

    expect(footerData.email).toBeTruthy();
    const mail = footer.getByRole('link', { name: footerData.email! });
    await expect(mail).toBeVisible();
    await expect(mail).toHaveAttribute('href', `mailto:${footerData.email}`);

    expect(footerData.phoneNumber).toBeTruthy();
    // Shown the one way the shop writes mobiles: +91 98123 45670.
    const digits = footerData.phoneNumber!.replace(/\D/g, '').slice(-10);
    const phone = footer.getByRole('link', { name: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}` });
    await expect(phone).toBeVisible();
    await expect(phone).toHaveAttribute('href', `tel:${footerData.phoneNumber!.replace(/\s+/g, '')}`);

    for (const [name, url] of [
      ['Facebook', footerData.facebookUrl],
      ['Instagram', footerData.instagramUrl],
    ] as const) {
      expect(url, `${name} link seeded`).toBeTruthy();
      const icon = footer.getByRole('link', { name, exact: true });
      await expect(icon).toBeVisible();
      await expect(icon).toHaveAttribute('href', url!);
      await expect(icon).toHaveAttribute('target', '_blank');
      await expect(icon.locator('svg, img')).toHaveCount(1);
    }

    await expect(footer.getByText('Also available on:', { exact: true })).toBeVisible();
    for (const m of marketplaces) {
      const link = footer.getByRole('link', { name: m.name, exact: true });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', m.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link.getByRole('img', { name: m.name })).toHaveAttribute('src', m.logoUrl);
    }

    await expect(footer.getByText(/©.*2025|2025.*©|Copyright.*2025/)).toBeVisible();
  });
});
