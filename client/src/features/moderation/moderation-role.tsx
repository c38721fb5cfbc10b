import { createContext, useContext, type ReactNode } from 'react';
import { SUSPENSION_DAY_CHOICES } from '../../../../common/moderation/moderation';
import {
  STEWARD_SUSPENSION_MAX_DAYS,
  type StewardArea,
} from '../../../../common/moderation/stewards';

/** The gazetteer place box the page lends the dashboard (a feature never imports another). */
export type PlaceField = (props: {
  id: string;
  value: string;
  onChange: (place: string) => void;
}) => ReactNode;

/**
 * Who is moderating (decision 166): a moderator (`stewardOf` null) sees every tab; a steward
 * sees the reports and held items of their areas and may suspend for a week at most, never ban.
 */
export interface ModerationRole {
  stewardOf: StewardArea[] | null;
  placeField: PlaceField;
}

const RoleContext = createContext<ModerationRole>({ stewardOf: null, placeField: () => null });

export const ModerationRoleProvider = RoleContext.Provider;

export function useModerationRole(): ModerationRole {
  return useContext(RoleContext);
}

/** The suspension lengths the one moderating may choose: a week at most for a steward. */
export function useSuspensionDayChoices(): number[] {
  const steward = !!useModerationRole().stewardOf;
  return SUSPENSION_DAY_CHOICES.filter((d) => !steward || d <= STEWARD_SUSPENSION_MAX_DAYS);
}
