import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * Hydration waits until the browser has shown the server's HTML and the page's main image (the one
 * fetched with high priority: the home banner, the product photo): hydrating takes the main thread
 * for a long task on a phone's CPU, and run before those paints it held them back (bench/README.md:
 * held paint; Lighthouse's LCP 'render delay' of 1.3 s, issue 33). The timeout set inside the frame
 * callback runs after that frame. An image still loading after 3 s waits no longer; a tab opened in
 * the background paints nothing yet and its frame callbacks wait, so it hydrates at once.
 */
let afterNextFrame = () => {
  afterNextFrame = () => {};
  requestAnimationFrame(() => setTimeout(hydrate, 0));
};
const mainImage = document.querySelector<HTMLImageElement>('img[fetchpriority=high]');
if (document.visibilityState !== 'visible') hydrate();
else if (!mainImage || mainImage.complete) afterNextFrame();
else {
  mainImage.onload = mainImage.onerror = () => afterNextFrame();
  setTimeout(() => afterNextFrame(), 3000);
}
