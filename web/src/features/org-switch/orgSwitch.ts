import type { Organization } from '../../api/types';
import { browser } from '../../app/browser';
import type { AppDispatch } from '../../app/store';
import { authActions } from '../auth/authSlice';
import { changeOrganization } from '../auth/calls';
import { showOrgSwitchFailedToast } from '../auth/startup';
import { errorMessages } from '../../api/apiError';

/** The organizations map of the dialog as a list sorted by name, filtered by a case-insensitive substring. */
export function filterOrganizations(organizations: Record<string, Organization>, search: string): Organization[] {
  const needle = search.trim().toLowerCase();
  return Object.values(organizations)
    .filter((organization) => organization.name.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}

export function orgSwitchUrl(organization: Organization): string {
  const query = new URLSearchParams({
    orgEid: organization.eid,
    orgId: String(organization.id),
    shardId: String(organization.shard_id),
  });
  return `/?${query.toString()}`;
}

/** Switches the session's organization, then loads the portal afresh at the root. Resolves false on failure. */
export function switchOrganization(organization: Organization) {
  return async (dispatch: AppDispatch): Promise<boolean> => {
    try {
      await changeOrganization(dispatch, organization.eid);
      browser.assign(orgSwitchUrl(organization));
      return true;
    } catch (error) {
      dispatch(authActions.orgSwitchFailed(errorMessages(error).join(' ')));
      showOrgSwitchFailedToast();
      return false;
    }
  };
}
