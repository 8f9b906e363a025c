// Banner selection (spec section 4): visible, and now inside startTime..endTime where those are set.

export interface BannerWindow {
  visible: boolean;
  startTime?: string | null;
  endTime?: string | null;
}

export function isBannerLive(banner: BannerWindow, now: Date): boolean {
  if (!banner.visible) return false;
  const t = now.getTime();
  if (banner.startTime && Date.parse(banner.startTime) > t) return false;
  if (banner.endTime && Date.parse(banner.endTime) < t) return false;
  return true;
}

/** The first qualifying banner, or null (the page then shows its built-in default image). */
export function selectBanner<T extends BannerWindow>(banners: readonly T[], now: Date): T | null {
  return banners.find((b) => isBannerLive(b, now)) ?? null;
}

export const BANNER_STATUSES = ['live', 'scheduled', 'expired', 'hidden'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];

/**
 * Where a banner stands now by the same rule as selection: live (inside its window), scheduled
 * (its start is still ahead), expired (its end has passed) or hidden (not visible at all).
 */
export function bannerStatus(banner: BannerWindow, now: Date): BannerStatus {
  if (!banner.visible) return 'hidden';
  if (isBannerLive(banner, now)) return 'live';
  return banner.startTime && Date.parse(banner.startTime) > now.getTime() ? 'scheduled' : 'expired';
}

export const DEFAULT_BANNER_IMAGE = '/images/banner-default.svg';
