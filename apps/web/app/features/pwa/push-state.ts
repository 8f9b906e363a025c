// The state of this browser's delivery updates for the offer and the profile's switch (issue 42);
// the push code itself loads only when one of them shows.
import { useEffect, useState } from 'react';
import type { PushOutcome } from './push-client';

export const pushClient = () => import('./push-client');

export function usePushState(): [PushOutcome | null, (next: PushOutcome) => void] {
  const [state, setState] = useState<PushOutcome | null>(null);
  useEffect(() => {
    let live = true;
    void pushClient()
      .then((m) => m.pushState())
      .then((s) => live && setState(s));
    return () => {
      live = false;
    };
  }, []);
  return [state, setState];
}
