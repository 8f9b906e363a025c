import type { ContentSectionDto } from '@spice/shared/contracts/content';
import { getStorefront } from '../context';
import { renderMarkdown } from '../features/content/markdown';
import { metaT, type Translate, useT } from '../i18n';
import { langOf, pageMessages } from '../i18n/server';
import { seoMeta } from '../seo';
import type { Route } from './+types/about';

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0].loaderData;
  const t = metaT(matches);
  return seoMeta({
    title: `${t('about.title')} | ${root.settings.storeName}`,
    description: t('about.description', { store: root.settings.storeName }),
    origin: root.origin,
    path: '/about',
    lang: root.lang,
    image: '/images/about/grinding.svg',
  });
}

/** A section with its body as HTML (from the server's Markdown) or as plain text (the fallbacks). */
type AboutSection = Omit<ContentSectionDto, 'body'> & { html: string | null; text: string };

// Section bodies are Markdown, rendered here on the server (the parser never ships to browsers).
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = getStorefront(context);
  // The page's language: the About sections take it (i18n-content's `lang` parameter).
  const lang = langOf(request);
  try {
    const sections: AboutSection[] = (await services.content.sections('about_us', lang)).map(
      ({ body, ...s }) => ({
        ...s,
        html: renderMarkdown(body, { topHeading: 3 }),
        text: '',
      }),
    );
    return { sections, failed: false, lang, i18n: pageMessages(request, 'about') };
  } catch (error) {
    console.warn('about sections failed to load', error);
    return { sections: [] as AboutSection[], failed: true, lang, i18n: pageMessages(request, 'about') };
  }
}

/** Shown when the server has no sections (or cannot load them), as the spec asks. */
function fallbackSections(t: Translate, store: string): AboutSection[] {
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
    s(1, t('about.aboutTitle'), t('about.aboutText', { store }), '/images/about/fields.svg'),
    s(2, t('about.differentTitle', { store }), t('about.differentText'), '/images/about/grinding.svg'),
    s(3, t('about.visionTitle'), t('about.visionText'), '/images/about/leaf.svg'),
    s(4, t('about.processTitle'), t('about.processText'), '/images/about/packing.svg'),
    s(5, t('about.commitmentTitle'), t('about.commitmentText'), '/images/about/lab.svg'),
  ];
}

export default function About({ loaderData, matches }: Route.ComponentProps) {
  const store = matches[0].loaderData.settings.storeName;
  const t = useT();
  const useFallback = loaderData.failed || loaderData.sections.length === 0;
  const sections = useFallback ? fallbackSections(t, store) : loaderData.sections;
  return (
    <main className="page about">
      {useFallback ? (
        <section className="welcome">
          <h1>{t('about.welcome', { store })}</h1>
          <p lang="hi">शुद्ध मसाले, सच्चा स्वाद</p>
        </section>
      ) : (
        <h1 className="visually-hidden">{t('about.heading', { store })}</h1>
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
