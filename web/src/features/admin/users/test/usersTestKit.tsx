import { http } from 'msw';
import type { User } from '../../../../api/types';
import { adminUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../../test/server';
import { signedInState } from '../../../../test/state';
import { UsersPage } from '../UsersPage';
import type { Member, MemberChange } from '../usersApi';

export const NETWORK_ID = 5;
export const USERS_PATH = '/api/v1/organizations/:orgId/users';
export const USER_PATH = '/api/v1/organizations/:orgId/users/:userId';
export const RESET_PATH = '/api/v1/organizations/:orgId/users/:userId/reset_two_factor';

export function makeMember(id: number, overrides: Partial<Member> = {}): Member {
  return {
    id,
    name: `Member ${id}`,
    email: `member${id}@acme.test`,
    is_admin: false,
    is_org_write_admin: false,
    disabled: false,
    two_factor_enabled: false,
    sign_in_code: null,
    min_idle_timeout: 30,
    ...overrides,
  };
}

/** The signed-in org-write administrator (adminUser, id 100) as a member. */
export const self = makeMember(adminUser.id, {
  name: adminUser.name,
  email: adminUser.email,
  is_admin: true,
  is_org_write_admin: true,
});
export const bea = makeMember(201, {
  name: 'Bea Boss',
  email: 'bea@acme.test',
  is_admin: true,
  two_factor_enabled: true,
});
export const carl = makeMember(202, { name: 'Carl Camera', email: 'carl@field.test', sign_in_code: 'email' });
export const dora = makeMember(203, {
  name: 'Dora Door',
  email: 'dora@acme.test',
  disabled: true,
  sign_in_code: 'sms',
  min_idle_timeout: 1,
});

/** What the PUT and POST handlers received. */
export interface MemberRequests {
  puts: { url: string; body: MemberChange; csrf: string | null }[];
  resets: string[];
}

/**
 * Serves a copy of `members` (by name, as the server does): GET the list, PUT applies the change to the member and
 * answers it, POST reset_two_factor clears the member's authenticator. Returns the requests seen.
 */
export function serveMembers(members: Member[]): MemberRequests {
  const list = members.map((member) => ({ ...member }));
  const requests: MemberRequests = { puts: [], resets: [] };
  const idOf = (request: Request) => Number(/users\/(\d+)/.exec(request.url)?.[1]);
  server.use(
    http.get(apiPath(USERS_PATH), () => json([...list].sort((a, b) => a.name.localeCompare(b.name)))),
    http.put(apiPath(USER_PATH), async ({ request }) => {
      const body = (await request.json()) as MemberChange;
      requests.puts.push({ url: new URL(request.url).pathname, body, csrf: request.headers.get('X-CSRF-Token') });
      const member = list.find((entry) => entry.id === idOf(request));
      if (!member) return json({ errors: ['Not found'] }, 404);
      Object.assign(member, body);
      return json(member);
    }),
    http.post(apiPath(RESET_PATH), ({ request }) => {
      requests.resets.push(new URL(request.url).pathname);
      const member = list.find((entry) => entry.id === idOf(request));
      if (member) member.two_factor_enabled = false;
      return new Response(null, { status: 204 });
    }),
  );
  return requests;
}

/** The page alone, for an org-write administrator by default. */
export function renderUsersPage(user: User = adminUser) {
  return renderWithProviders(<UsersPage />, {
    route: `/n/${NETWORK_ID}/admin/users`,
    preloadedState: signedInState(user),
  });
}
