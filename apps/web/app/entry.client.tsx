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

// The server's HTML is complete, so let the browser paint it before hydration takes the main
// thread: the timeout set inside the frame callback runs after that frame. Hydrating first held
// the first paint back by up to two seconds on a busy phone CPU (bench/README.md, held paint).
// A tab opened in the background paints nothing yet, and frame callbacks wait there: hydrate now.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(hydrate, 0));
else hydrate();
