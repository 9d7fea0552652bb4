import { http } from 'msw';
import type { User } from '../../../../api/types';
import { adminUser } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { apiPath, json, server } from '../../../../test/server';
import { signedInState } from '../../../../test/state';
import type { SignInPolicy, SignInPolicyInput, SsoSettings } from '../signInPolicyApi';
import { SignInPolicyPage } from '../SignInPolicyPage';

export const NETWORK_ID = 5;
export const PAGE_ROUTE = `/n/${NETWORK_ID}/admin/sign-in-policy`;
export const POLICY_PATH = '/api/v1/organizations/:orgId/sign_in_policy';
export const SP_METADATA_URL = 'https://argus.example.com/n1/login/saml/metadata';
export const IDP_METADATA = [
  '<?xml version="1.0"?>',
  '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.new.test/metadata">',
  '  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/>',
  '</md:EntityDescriptor>',
].join('\n');

export const acmeSso: SsoSettings = {
  identifier: 'acme',
  idp_entity_id: 'https://idp.example.com/metadata',
  idp_signs_out: true,
  updated_at: '2026-11-29T11:00:00.000Z',
};

export function makePolicy(overrides: Partial<SignInPolicy> = {}): SignInPolicy {
  return {
    password_expiry_days: null,
    require_two_factor: false,
    sso: null,
    sp_metadata_url: SP_METADATA_URL,
    ...overrides,
  };
}

/** What the PUT handler received. */
export interface SeenPut {
  body: SignInPolicyInput;
  csrf: string | null;
  path: string;
}

/** The policy a server would store for `body` (a new entity id when metadata came). */
export function storedPolicy(current: SignInPolicy, body: SignInPolicyInput): SignInPolicy {
  let sso: SsoSettings | null = null;
  if (body.sso) {
    const base = current.sso ?? { ...acmeSso, idp_entity_id: '' };
    sso = body.sso.idp_metadata
      ? { ...base, identifier: body.sso.identifier, idp_entity_id: 'https://idp.new.test/metadata' }
      : { ...base, identifier: body.sso.identifier };
  }
  const { password_expiry_days, require_two_factor } = body;
  return { ...current, password_expiry_days, require_two_factor, sso };
}

/**
 * Answers `GET .../sign_in_policy` with the current policy (or `load()`'s Response) and `PUT` with `reply(body)` — by
 * default the stored policy, which later GETs answer too; records the PUTs.
 */
export function servePolicy(
  initial: SignInPolicy,
  options: { load?: () => Response | null; reply?: (body: SignInPolicyInput) => Response | null } = {},
) {
  let current = initial;
  const puts: SeenPut[] = [];
  const gets: string[] = [];
  server.use(
    http.get(apiPath(POLICY_PATH), ({ request }) => {
      gets.push(new URL(request.url).pathname);
      return options.load?.() ?? json(current);
    }),
    http.put(apiPath(POLICY_PATH), async ({ request }) => {
      const body = (await request.json()) as SignInPolicyInput;
      puts.push({ body, csrf: request.headers.get('X-CSRF-Token'), path: new URL(request.url).pathname });
      const refusal = options.reply?.(body);
      if (refusal) return refusal;
      current = storedPolicy(current, body);
      return json(current);
    }),
  );
  return { puts, gets };
}

/** The page alone at `/n/5/admin/sign-in-policy`, for an org-write administrator by default. */
export function renderSignInPolicyPage(user: User = adminUser) {
  return renderWithProviders(<SignInPolicyPage />, { route: PAGE_ROUTE, preloadedState: signedInState(user) });
}
