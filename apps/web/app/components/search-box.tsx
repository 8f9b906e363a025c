// Header search with a live dropdown (spec section 2, Search). Works without JavaScript as a
// plain GET form to /search.
import type { ProductDto } from '@spice/shared/contracts/catalog';
import { productImage } from '@spice/shared/images';
import type { TextPart } from '@spice/shared/search-highlight';
import { cardPricing } from '@spice/shared/variants';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLocalePath, useSpecMessages, useT } from '../i18n';
import { acceptLanguageFor, currentPageLang } from '../i18n/page-lang';
import { MarkedText } from './highlight';
import { SearchIcon } from './icons';
import { Price } from './price';

// Public, cacheable reads: the language is in the URL (?lang=hi, so caches keep the two apart) and
// in Accept-Language, like every browser API call (decision 0017).
function langQuery(): string {
  return currentPageLang() === 'hi' ? '&lang=hi' : '';
}
const langHeaders = () => ({ 'accept-language': acceptLanguageFor(currentPageLang()) });

async function fetchMatches(q: string, signal?: AbortSignal): Promise<ProductDto[]> {
  const res = await fetch(`/api/products/search?q=${encodeURIComponent(q)}${langQuery()}`, {
    signal,
    headers: langHeaders(),
  });
  if (!res.ok) throw new Error(`search failed: ${res.status}`);
  return res.json();
}

/** Offered under 'No matching products found': loaded once, on the first search that finds nothing. */
let bestsellers: Promise<ProductDto[]> | null = null;
function fetchBestsellers(): Promise<ProductDto[]> {
  bestsellers ??= fetch(`/api/products/bestsellers?limit=4${langQuery()}`, { headers: langHeaders() })
    .then((res) => (res.ok ? res.json() : []))
    .catch(() => []);
  return bestsellers;
}

type Marker = (text: string, query: string) => TextPart[];
const plain: Marker = (text) => [{ text, mark: false }];
let marker: Promise<Marker> | null = null;
const loadMarker = (): Promise<Marker> =>
  (marker ??= import('@spice/shared/search-highlight').then((m) => m.highlightParts).catch(() => plain));

function ResultLink({
  product,
  query,
  mark,
  onPick,
}: {
  product: ProductDto;
  query: string;
  mark: Marker;
  onPick: () => void;
}) {
  const { price, mrp } = cardPricing(product.variants);
  const lp = useLocalePath();
  return (
    <Link to={lp(`/product/${product.slug}`)} className="search__result" onClick={onPick}>
      <img src={productImage(product)} alt="" width={44} height={44} />
      <span className="search__name">
        <MarkedText parts={mark(product.name, query)} />
        {product.nameHi && product.nameHi !== product.name ? (
          <span className="search__hindi" lang="hi">
            {' '}
            <MarkedText parts={mark(product.nameHi, query)} />
          </span>
        ) : null}
      </span>
      <Price price={price} mrp={mrp} />
    </Link>
  );
}

export function SearchBox() {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<ProductDto[] | null>(null);
  const [offers, setOffers] = useState<ProductDto[]>([]);
  // The highlighter (and its spellings table) loads with the first answer, not with the page.
  const [mark, setMark] = useState<Marker>(() => plain);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const listId = useId();
  const rootRef = useRef<HTMLElement>(null);
  const t = useT();
  const lp = useLocalePath();
  const { messages, searchPrompt } = useSpecMessages();

  // Live dropdown: debounce typing and drop answers to stale queries.
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setResults(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetchMatches(q, controller.signal)
        .then((found) => {
          setResults(found);
          loadMarker().then((m) => setMark(() => m));
          if (found.length === 0) fetchBestsellers().then(setOffers);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError') setResults([]);
        });
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  // Close the dropdown on navigation and on clicks elsewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    setOpen(false);
    try {
      const matches = await fetchMatches(q);
      const only = matches.length === 1 ? matches[0] : undefined;
      navigate(lp(only ? `/product/${only.slug}` : `/search?q=${encodeURIComponent(q)}`));
    } catch {
      navigate(lp(`/search?q=${encodeURIComponent(q)}`));
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') setOpen(false);
    if (event.key === 'ArrowDown') {
      const first = rootRef.current?.querySelector<HTMLAnchorElement>('.search__result');
      if (first) {
        event.preventDefault();
        first.focus();
      }
    }
  }

  const showDropdown = open && query.trim() !== '' && results !== null;

  return (
    <search className="search" ref={rootRef}>
      <form action={lp('/search')} method="get" onSubmit={onSubmit} className="search__form">
        <label htmlFor={`${listId}-input`} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          id={`${listId}-input`}
          name="q"
          type="search"
          autoComplete="off"
          placeholder={t('search.placeholder')}
          value={query}
          maxLength={100}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="search__submit" aria-label={t('search.submit')}>
          <SearchIcon />
        </button>
      </form>
      {showDropdown ? (
        <div className="search__dropdown" id={listId}>
          {results.length === 0 ? (
            <>
              <p className="search__empty" role="status">
                {messages.noSearchMatchesDropdown}
              </p>
              {offers.length > 0 ? (
                <>
                  <p className="search__offer">{searchPrompt.tryBestsellers}</p>
                  <ul aria-label={searchPrompt.bestsellers}>
                    {offers.map((p) => (
                      <li key={p.id}>
                        <ResultLink product={p} query="" mark={plain} onPick={() => setQuery('')} />
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
            </>
          ) : (
            <ul aria-label={t('search.matching')}>
              {results.slice(0, 8).map((p) => (
                <li key={p.id}>
                  <ResultLink product={p} query={query} mark={mark} onPick={() => setQuery('')} />
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </search>
  );
}
