import type { DomainCommand } from '../shared/command.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { evolveBranding, initialBrandingState, type BrandingEvent, type BrandingState, type Logo } from './events.js';

export type SetBranding = DomainCommand<'SetBranding', { workspaceId: string; name: string | null; accentColor: string | null; now: string }>;
/** The logo, already measured and checked (`checkLogo`). */
export type SetLogo = DomainCommand<'SetLogo', { workspaceId: string; logo: Logo; now: string }>;
export type RemoveLogo = DomainCommand<'RemoveLogo', { workspaceId: string; now: string }>;
export type BrandingCommand = SetBranding | SetLogo | RemoveLogo;

function decide(command: BrandingCommand, state: BrandingState): BrandingEvent[] {
  switch (command.type) {
    case 'SetBranding': {
      const { workspaceId, name, accentColor, now } = command.data;
      if (state.name === name && state.accentColor === accentColor) return [];
      return [{ type: 'BrandingSet', data: { workspaceId, name, accentColor, updatedDate: now } }];
    }
    case 'SetLogo': {
      const { workspaceId, logo, now } = command.data;
      return [{ type: 'BrandingLogoSet', data: { workspaceId, ...logo, updatedDate: now } }];
    }
    case 'RemoveLogo': {
      const { workspaceId, now } = command.data;
      return state.hasLogo ? [{ type: 'BrandingLogoRemoved', data: { workspaceId, updatedDate: now } }] : [];
    }
    default:
      return assertNever(command);
  }
}

export const brandingDecider: Decider<BrandingState, BrandingCommand, BrandingEvent> = {
  initialState: initialBrandingState,
  evolve: evolveBranding,
  decide,
};
