import type { DomainEvent } from '../shared/decider.js';

/**
 * A workspace's branding: the agency's name, colour and logo that share pages, PDFs and report e-mails show
 * instead of geolens's. The logo's bytes live in its event: the server never fetches a logo from anywhere.
 */
export const brandingStream = (workspaceId: string): string => `branding-${workspaceId}`;

export type LogoType = 'image/png' | 'image/jpeg';

export interface Logo {
  contentType: LogoType;
  width: number;
  height: number;
  /** The image, base64. */
  data: string;
}

export type BrandingSet = DomainEvent<'BrandingSet', { workspaceId: string; name: string | null; accentColor: string | null; updatedDate: string }>;
export type BrandingLogoSet = DomainEvent<'BrandingLogoSet', Logo & { workspaceId: string; updatedDate: string }>;
export type BrandingLogoRemoved = DomainEvent<'BrandingLogoRemoved', { workspaceId: string; updatedDate: string }>;
export type BrandingEvent = BrandingSet | BrandingLogoSet | BrandingLogoRemoved;

export const BRANDING_EVENT_TYPES = ['BrandingSet', 'BrandingLogoSet', 'BrandingLogoRemoved'] as const;

export interface BrandingState {
  name: string | null;
  accentColor: string | null;
  hasLogo: boolean;
}

export const initialBrandingState = (): BrandingState => ({ name: null, accentColor: null, hasLogo: false });

export function evolveBranding(state: BrandingState, event: BrandingEvent): BrandingState {
  switch (event.type) {
    case 'BrandingSet':
      return { ...state, name: event.data.name, accentColor: event.data.accentColor };
    case 'BrandingLogoSet':
      return { ...state, hasLogo: true };
    case 'BrandingLogoRemoved':
      return { ...state, hasLogo: false };
    default: {
      // An event type this code does not know (written by a newer version) is skipped: the stream stays readable.
      const _unknown: never = event;
      return state;
    }
  }
}
