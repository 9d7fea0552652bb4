"""The SAML 2.0 side of the Argus demo identity provider, on top of lasso.

IdentityProvider keeps the lasso Server (the IdP plus the one service provider
read from --sp-metadata-url), the sign-ins waiting for a password, and the IdP
sessions needed to answer a logout. lasso is not thread-safe, so every use of it
runs under one lock.
"""

import hmac
import secrets
import threading
import time
import urllib.parse
import urllib.request
from collections import namedtuple

import lasso

PENDING_LIFETIME_S = 600
MAX_SESSIONS = 1000
NOT_BEFORE_SKEW_S = 60
FETCH_TIMEOUT_S = 10

# NameIDPolicy formats an AuthnRequest may ask for (None: no NameIDPolicy).
ACCEPTED_NAME_ID_FORMATS = (None, lasso.SAML2_NAME_IDENTIFIER_FORMAT_EMAIL,
                            lasso.SAML2_NAME_IDENTIFIER_FORMAT_UNSPECIFIED)

# Errors of Logout.validateRequest that only mean "this IdP has no such session".
NO_SESSION_ERRORS = (lasso.PROFILE_ERROR_SESSION_NOT_FOUND, lasso.PROFILE_ERROR_MISSING_ASSERTION,
                     lasso.LOGOUT_ERROR_UNKNOWN_PRINCIPAL)

Pending = namedtuple("Pending", "expires login_dump sp_entity_id")
IdpSession = namedtuple("IdpSession", "email sp_entity_id session_dump")
PostResponse = namedtuple("PostResponse", "acs_url saml_response relay_state")


class SamlError(Exception):
    """A request that gets an error page; status is the HTTP status to answer."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


def saml_time(epoch_s):
    """Format a Unix time as a SAML xs:dateTime in UTC."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(epoch_s))


def describe(error):
    """A readable sentence for a lasso.Error."""
    if error.code:
        return f"{lasso.strError(error.code)} (lasso error {error.code})"
    return str(error)


class UserDirectory:
    """The accounts given with --user; e-mails compare case-insensitively."""

    def __init__(self, users):
        self._users = {email.lower(): (email, password) for email, password in users}

    def check(self, email, password):
        """Return the account's e-mail as configured if the password is right, else None."""
        account = self._users.get(email.strip().lower())
        if account and hmac.compare_digest(account[1].encode(), password.encode()):
            return account[0]
        return None


class IdentityProvider:
    """Single sign-on and single logout for one service provider."""

    def __init__(self, entity_id, metadata, key_pem, cert_pem, sp_metadata_url):
        self.entity_id = entity_id
        self._metadata = metadata
        self._key_pem = key_pem
        self._cert_pem = cert_pem
        self._sp_metadata_url = sp_metadata_url
        self._lock = threading.Lock()
        self._server = None
        self._pending = {}
        self._sessions = {}

    # --- the lasso Server and the SP's metadata -------------------------------------------

    def _fetch_sp_metadata(self):
        """Read the SP's metadata document from its URL (SamlError 502 if that fails)."""
        try:
            with urllib.request.urlopen(self._sp_metadata_url, timeout=FETCH_TIMEOUT_S) as reply:
                return reply.read().decode("utf-8")
        except (OSError, ValueError, UnicodeDecodeError) as error:
            raise SamlError(502, "Cannot fetch the service provider's metadata from "
                                 f"{self._sp_metadata_url}: {error}") from error

    def _load_server(self):
        """Build a new lasso Server with freshly fetched SP metadata and keep it."""
        sp_metadata = self._fetch_sp_metadata()
        server = lasso.Server.newFromBuffers(self._metadata, self._key_pem, None, self._cert_pem)
        if server is None:
            raise SamlError(500, "lasso could not load the IdP's own metadata, key or certificate")
        server.signatureMethod = lasso.SIGNATURE_METHOD_RSA_SHA256
        try:
            server.addProviderFromBuffer(lasso.PROVIDER_ROLE_SP, sp_metadata)
        except lasso.Error as error:
            raise SamlError(502, f"The metadata at {self._sp_metadata_url} is not usable SAML 2.0 "
                                 f"service provider metadata: {describe(error)}") from error
        self._server = server
        return server

    def _process(self, make_profile, method, query):
        """Create a lasso profile and let it process query with method (a name).

        If the message comes from an SP the Server does not know, the SP metadata is
        fetched again (the SP may have restarted with another entity id) and the
        message processed once more.
        """
        fresh = self._server is None
        server = self._server or self._load_server()
        while True:
            profile = make_profile(server)
            try:
                getattr(profile, method)(query)
                return profile
            except lasso.ServerProviderNotFoundError as error:
                if fresh:
                    raise SamlError(400, "The request comes from an unknown service provider "
                                         f"{profile.remoteProviderId!r}") from error
            except lasso.Error as error:
                raise SamlError(400, f"Invalid SAML request: {describe(error)}") from error
            server, fresh = self._load_server(), True

    # --- single sign-on ------------------------------------------------------------------

    def start_login(self, query):
        """Process an AuthnRequest (HTTP-Redirect query); return (pending token, SP entity id)."""
        params = urllib.parse.parse_qs(query)
        if "SAMLRequest" not in params:
            raise SamlError(400, "The request has no SAMLRequest parameter")
        with self._lock:
            self._expire_pending()
            login = self._process(lambda server: self._new_login(server, "Signature" in params),
                                  "processAuthnRequestMsg", query)
            self._check_login_request(login)
            token = secrets.token_urlsafe(24)
            self._pending[token] = Pending(time.monotonic() + PENDING_LIFETIME_S, login.dump(),
                                           login.remoteProviderId)
            return token, login.remoteProviderId

    @staticmethod
    def _new_login(server, signed):
        """A lasso Login; a request that carries a Signature must have a valid one."""
        login = lasso.Login(server)
        if signed:
            login.setSignatureVerifyHint(lasso.PROFILE_SIGNATURE_VERIFY_HINT_FORCE)
        return login

    @staticmethod
    def _check_login_request(login):
        """Refuse AuthnRequests this IdP cannot answer (binding, NameID format)."""
        if login.protocolProfile != lasso.LOGIN_PROTOCOL_PROFILE_BRWS_POST:
            raise SamlError(400, "The response binding must be HTTP-POST "
                                 "(check the AuthnRequest's ProtocolBinding and the SP's "
                                 "AssertionConsumerService)")
        policy = login.request.nameIdPolicy
        name_id_format = policy.format if policy else None
        if name_id_format not in ACCEPTED_NAME_ID_FORMATS:
            raise SamlError(400, f"NameIDPolicy format {name_id_format} is not supported; "
                                 "this IdP only issues emailAddress NameIDs")

    def _expire_pending(self):
        """Forget sign-ins older than PENDING_LIFETIME_S."""
        now = time.monotonic()
        for token in [t for t, p in self._pending.items() if p.expires <= now]:
            del self._pending[token]

    def pending_sp(self, token):
        """The SP entity id of a pending sign-in, or None if the token is unknown or expired."""
        with self._lock:
            self._expire_pending()
            pending = self._pending.get(token)
            return pending.sp_entity_id if pending else None

    def finish_login(self, token, email, audience, valid_for_s):
        """Answer the pending AuthnRequest with a signed assertion for email."""
        with self._lock:
            self._expire_pending()
            pending = self._pending.pop(token, None)
            if pending is None:
                raise SamlError(400, "This sign-in has expired or is unknown; start again")
            server = self._server or self._load_server()
            login = lasso.Login.newFromDump(server, pending.login_dump)
            if login is None:
                raise SamlError(400, "The pending sign-in could not be restored")
            try:
                login.validateRequestMsg(True, True)
                self._build_assertion(login, email, audience, valid_for_s)
                login.buildAuthnResponseMsg()
            except lasso.Error as error:
                raise SamlError(400, f"Cannot answer the request: {describe(error)}") from error
            self._remember_session(login, email)
            return PostResponse(login.msgUrl, login.msgBody, login.msgRelayState)

    def _build_assertion(self, login, email, audience, valid_for_s):
        """Build the assertion: e-mail NameID, time window, audience, SessionIndex."""
        now = time.time()
        not_on_or_after = now + valid_for_s
        not_before = min(now, not_on_or_after) - NOT_BEFORE_SKEW_S
        login.buildAssertion(lasso.SAML2_AUTHN_CONTEXT_PASSWORD, saml_time(now), None,
                             saml_time(not_before), saml_time(not_on_or_after))
        assertion = login.assertion
        name_id = assertion.subject.nameID
        name_id.format = lasso.SAML2_NAME_IDENTIFIER_FORMAT_EMAIL
        name_id.content = email
        name_id.nameQualifier = self.entity_id
        if audience:
            assertion.conditions.audienceRestriction[0].audience = audience
        statement = assertion.authnStatement[0]
        if not statement.sessionIndex:
            statement.sessionIndex = assertion.id

    def _remember_session(self, login, email):
        """Keep the lasso session of this sign-in under its SessionIndex for logout."""
        session_index = login.assertion.authnStatement[0].sessionIndex
        self._sessions[session_index] = IdpSession(email.lower(), login.remoteProviderId,
                                                   login.session.dump())
        while len(self._sessions) > MAX_SESSIONS:
            del self._sessions[next(iter(self._sessions))]

    # --- single logout -------------------------------------------------------------------

    def logout(self, query):
        """Process a signed LogoutRequest (HTTP-Redirect query); return the redirect URL."""
        if "SAMLRequest" not in urllib.parse.parse_qs(query):
            raise SamlError(400, "The request has no SAMLRequest parameter")
        with self._lock:
            logout = self._process(lasso.Logout, "processRequestMsg", query)
            request = logout.request
            email = request.nameId.content if request.nameId else None
            session_dump = self._end_sessions(email, list(request.sessionIndexes or ()))
            if session_dump:
                logout.setSessionFromDump(session_dump)
            try:
                logout.validateRequest()
            except lasso.Error as error:
                if error.code not in NO_SESSION_ERRORS or logout.response is None:
                    raise SamlError(400, f"Invalid logout request: {describe(error)}") from error
                self._set_success(logout.response)
            try:
                logout.buildResponseMsg()
            except lasso.Error as error:
                raise SamlError(400, f"Cannot answer the logout: {describe(error)}") from error
            return logout.msgUrl

    def _end_sessions(self, email, session_indexes):
        """Forget the user's sessions named by session_indexes (all of them if none is named).

        Returns the lasso session dump of one ended session, or None.
        """
        if not email:
            return None
        email = email.lower()
        wanted = session_indexes or [i for i, s in self._sessions.items() if s.email == email]
        ended = [self._sessions.pop(i) for i in wanted
                 if i in self._sessions and self._sessions[i].email == email]
        return ended[0].session_dump if ended else None

    @staticmethod
    def _set_success(response):
        """Turn a LogoutResponse lasso marked as failed into a plain Success."""
        status_code = response.status.statusCode
        status_code.value = lasso.SAML2_STATUS_CODE_SUCCESS
        status_code.statusCode = None
