import type { ContentSectionDto } from '@spice/shared/contracts/content';
import { getStorefront } from '../context';
import { renderMarkdown } from '../features/content/markdown';
import { seoMeta } from '../seo';
import type { Route } from './+types/about';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  return seoMeta({
    title: `About Us | ${root.settings.storeName}`,
    description: `How ${root.settings.storeName} makes pure, authentic Indian spices: low-temperature grinding, no onion or garlic, 100% vegetarian, FSSAI approved.`,
    origin: root.origin,
    path: '/about',
    image: '/images/about/grinding.svg',
  });
}

/** A section with its body as HTML (from the server's Markdown) or as plain text (the fallbacks). */
type AboutSection = Omit<ContentSectionDto, 'body'> & { html: string | null; text: string };

// Section bodies are Markdown, rendered here on the server (the parser never ships to browsers).
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  try {
    const sections: AboutSection[] = (await services.content.sections('about_us')).map(({ body, ...s }) => ({
      ...s,
      html: renderMarkdown(body, { topHeading: 3 }),
      text: '',
    }));
    return { sections, failed: false };
  } catch (error) {
    console.warn('about sections failed to load', error);
    return { sections: [] as AboutSection[], failed: true };
  }
}

/** Shown when the server has no sections (or cannot load them), as the spec asks. */
function fallbackSections(store: string): AboutSection[] {
  const s = (id: number, title: string, text: string, imageUrls: string): AboutSection => ({
    id,
    title,
    type: null,
    text,
    html: null,
    imageUrls,
    orderIndex: id,
  });
  return [
    s(
      1,
      'About Us',
      `${store} brings the masalas of Indian home kitchens to yours: whole spices, sourced from the farms that grow them best, ground and packed with care.`,
      '/images/about/fields.svg',
    ),
    s(
      2,
      `What Makes ${store} Different`,
      'We grind at low temperature so the natural oils and aroma stay in the spice. Our blends contain no onion or garlic and are 100% vegetarian.',
      '/images/about/grinding.svg',
    ),
    s(
      3,
      'Vision And Mission',
      'To make pure, honest spices the everyday choice of every Indian family, at a fair price.',
      '/images/about/leaf.svg',
    ),
    s(
      4,
      'Our Process',
      'Clean, sun-dry, roast in small batches, grind cool, and seal fresh: every batch is checked before it is packed.',
      '/images/about/packing.svg',
    ),
    s(
      5,
      'Our Commitment',
      'Every product is made in an FSSAI approved facility, with nothing added that you would not use at home.',
      '/images/about/lab.svg',
    ),
  ];
}

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const store = matches[0].loaderData.settings.storeName;
  const useFallback = loaderData.failed || loaderData.sections.length === 0;
  const sections = useFallback ? fallbackSections(store) : loaderData.sections;
  return (
    <main className="page about">
      {useFallback ? (
        <section className="welcome">
          <h1>Welcome to {store}</h1>
          <p lang="hi">शुद्ध मसाले, सच्चा स्वाद</p>
        </section>
      ) : (
        <h1 className="visually-hidden">About {store}</h1>
      )}
      {sections.map((section, i) => {
        const images = section.imageUrls
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean)
          .slice(0, 2);
        return (
          <section key={section.id} className={`about-section${i % 2 === 1 ? ' about-section--alt' : ''}`}>
            <div className="about-section__inner">
              <div className="about-section__text">
                <h2>{section.title}</h2>
                {section.type ? <p className="about-section__type">{section.type}</p> : null}
                {section.html === null ? (
                  <p>{section.text}</p>
                ) : (
                  // Escaped, link-checked HTML from renderMarkdown (features/content/markdown.ts).
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered without raw HTML on the server
                  <div className="prose" dangerouslySetInnerHTML={{ __html: section.html }} />
                )}
              </div>
              {images.length > 0 ? (
                <div className={`about-section__images about-section__images--${images.length}`}>
                  {images.map((src) => (
                    <img
                      key={src}
                      src={src}
                      alt=""
                      width="800"
                      height="600"
                      loading={i === 0 ? 'eager' : 'lazy'}
                    />
                  ))}
                </div>
              ) : null}
            </div>
          </section>
        );
      })}
    </main>
  );
}
