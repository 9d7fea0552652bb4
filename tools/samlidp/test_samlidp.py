"""Self-test of samlidp.py: a minimal lasso service provider against the running IdP.

Run from the repository root: /usr/bin/python3 -m unittest tools/samlidp/test_samlidp.py
"""

import base64
import calendar
import http.client
import http.server
import os
import select
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.parse
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import lasso

HERE = os.path.dirname(os.path.abspath(__file__))
SAMLIDP = os.path.join(HERE, "samlidp.py")
SP_ENTITY_ID = "http://127.0.0.1:9/sp"
ACS_URL = "http://127.0.0.1:9/acs"
SP_SLO_URL = "http://127.0.0.1:9/slo"
RELAY_STATE = 'back?to=<argus>&"x"'
USER_EMAIL, USER_PASSWORD = "Alice@Example.com", "s3cret:with:colons"
NS = {"samlp": "urn:oasis:names:tc:SAML:2.0:protocol",
      "saml": "urn:oasis:names:tc:SAML:2.0:assertion",
      "ds": "http://www.w3.org/2000/09/xmldsig#",
      "md": "urn:oasis:names:tc:SAML:2.0:metadata"}

SP_METADATA = """<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"
    xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="{entity_id}">
  <md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"
      AuthnRequestsSigned="false" WantAssertionsSigned="true">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data>
      <ds:X509Certificate>{certificate}</ds:X509Certificate>
    </ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
        Location="{slo}"/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:AssertionConsumerService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"
        Location="{acs}" index="0" isDefault="true"/>
  </md:SPSSODescriptor>
</md:EntityDescriptor>
"""


class FormReader(HTMLParser):
    """Collects the forms, inputs (name -> value) and label texts of a page."""

    def __init__(self, html):
        super().__init__()
        self.forms, self.inputs, self.labels, self._in_label = [], {}, [], False
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self.forms.append(attrs)
        elif tag == "input" and "name" in attrs:
            self.inputs[attrs["name"]] = attrs.get("value", "")
        self._in_label = tag == "label"

    def handle_data(self, data):
        if self._in_label:
            self.labels.append(data.strip())
            self._in_label = False


def serve_text(holder):
    """Serve holder["body"] (read at each request) at every path from a thread."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            body = holder["body"].encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/samlmetadata+xml")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop_server(server):
    """Stop a serve_text server."""
    server.shutdown()
    server.server_close()


def start_idp(state_dir, sp_metadata_url, *extra):
    """Start samlidp.py on a free port; return (process, base URL)."""
    process = subprocess.Popen(
        [sys.executable, SAMLIDP, "--state-dir", state_dir, "--sp-metadata-url", sp_metadata_url,
         "--port", "0", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    ready, _, _ = select.select([process.stdout], [], [], 15)
    line = process.stdout.readline() if ready else ""
    if not line.startswith("samlidp ready "):
        process.kill()
        process.stdout.close()
        raise RuntimeError(f"samlidp did not get ready: {line!r}")
    fields = dict(field.split("=", 1) for field in line.split()[2:])
    return process, fields["url"]


def request(base_url, method, path, body=None, headers=None):
    """One HTTP request (no redirect following); return (status, headers, text)."""
    url = urllib.parse.urlsplit(base_url)
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        reply = connection.getresponse()
        return reply.status, reply.headers, reply.read().decode("utf-8")
    finally:
        connection.close()


def read_text(path):
    """The content of a text file."""
    with open(path, encoding="ascii") as text:
        return text.read()


def pem_body(pem):
    """The base64 body of a PEM text, on one line."""
    return "".join(line.strip() for line in pem.splitlines() if not line.startswith("-----"))


def stop_idp(process):
    """SIGTERM the IdP; return its exit code."""
    process.terminate()
    try:
        return process.wait(10)
    finally:
        process.stdout.close()


def parse_time(text):
    """A SAML xs:dateTime (UTC, seconds) as a Unix time."""
    return calendar.timegm(time.strptime(text, "%Y-%m-%dT%H:%M:%SZ"))


class SamlIdpTest(unittest.TestCase):
    """The IdP seen from a lasso SP."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.addClassCleanup(cls.tmp.cleanup)
        sp_key, sp_cert = (os.path.join(cls.tmp.name, n) for n in ("sp-key.pem", "sp-cert.pem"))
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout",
                        sp_key, "-out", sp_cert, "-days", "2", "-subj", "/CN=test SP"],
                       check=True, capture_output=True)
        cls.sp_key, cls.sp_cert = read_text(sp_key), read_text(sp_cert)
        sp_metadata = cls.sp_metadata_for(SP_ENTITY_ID)
        cls.metadata_server = serve_text({"body": sp_metadata})
        cls.addClassCleanup(stop_server, cls.metadata_server)
        cls.sp_metadata_url = f"http://127.0.0.1:{cls.metadata_server.server_address[1]}/md"
        cls.state_dir = os.path.join(cls.tmp.name, "idp-state")
        cls.idp, cls.base = start_idp(cls.state_dir, cls.sp_metadata_url,
                                      "--user", f"{USER_EMAIL}:{USER_PASSWORD}",
                                      "--user", "bob@example.com:other")
        cls.addClassCleanup(stop_idp, cls.idp)
        status, _, cls.idp_metadata = request(cls.base, "GET", "/metadata")
        assert status == 200, status
        cls.idp_entity_id = cls.base + "/metadata"
        cls.sp = cls.lasso_sp(sp_metadata, cls.idp_metadata)

    @classmethod
    def sp_metadata_for(cls, entity_id):
        """The test SP's metadata under entity_id."""
        return SP_METADATA.format(entity_id=entity_id, certificate=pem_body(cls.sp_cert),
                                  slo=SP_SLO_URL, acs=ACS_URL)

    @classmethod
    def lasso_sp(cls, sp_metadata, idp_metadata):
        """A lasso Server playing the SP, knowing the IdP."""
        server = lasso.Server.newFromBuffers(sp_metadata, cls.sp_key, None, cls.sp_cert)
        server.signatureMethod = lasso.SIGNATURE_METHOD_RSA_SHA256
        server.addProviderFromBuffer(lasso.PROVIDER_ROLE_IDP, idp_metadata)
        return server

    # --- helpers ---------------------------------------------------------------------------

    def authn_request_path(self, relay_state=RELAY_STATE, sp=None, idp_entity_id=None,
                           signed=False):
        """An SP AuthnRequest (HTTP-Redirect) as a path under the IdP, and the request ID."""
        login = lasso.Login(sp or self.sp)
        login.initAuthnRequest(idp_entity_id or self.idp_entity_id, lasso.HTTP_METHOD_REDIRECT)
        if signed:
            login.setSignatureHint(lasso.PROFILE_SIGNATURE_HINT_FORCE)
        if relay_state:
            login.msgRelayState = relay_state
        login.buildAuthnRequestMsg()
        url = urllib.parse.urlsplit(login.msgUrl)
        self.assertEqual(url.path, "/sso")
        return f"{url.path}?{url.query}", login.request.id

    def login_page(self, relay_state=RELAY_STATE):
        """GET /sso with a fresh AuthnRequest; return (form reader, request ID, HTML)."""
        path, request_id = self.authn_request_path(relay_state)
        status, _, html = request(self.base, "GET", path)
        self.assertEqual(status, 200, html)
        return FormReader(html), request_id, html

    def post_login(self, pending, email=USER_EMAIL.upper(), password=USER_PASSWORD, **options):
        """POST /sso/login; return (status, html)."""
        form = {"pending": pending, "email": email, "password": password, **options}
        status, _, html = request(self.base, "POST", "/sso/login",
                                  urllib.parse.urlencode(form),
                                  {"Content-Type": "application/x-www-form-urlencoded"})
        return status, html

    def sign_in(self, **options):
        """A whole sign-in; return (SAMLResponse, RelayState or None, response XML, request ID)."""
        page, request_id, _ = self.login_page()
        status, html = self.post_login(page.inputs["pending"], **options)
        self.assertEqual(status, 200, html)
        answer = FormReader(html)
        self.assertEqual(answer.forms[0].get("id"), "saml-response")
        self.assertEqual(answer.forms[0].get("action"), ACS_URL)
        saml_response = answer.inputs["SAMLResponse"]
        xml = ET.fromstring(base64.b64decode(saml_response))
        return saml_response, answer.inputs.get("RelayState"), xml, request_id

    # --- tests -----------------------------------------------------------------------------

    def test_metadata(self):
        status, headers, text = request(self.base, "GET", "/metadata")
        self.assertEqual((status, headers["Content-Type"]), (200, "application/samlmetadata+xml"))
        root = ET.fromstring(text)
        self.assertEqual(root.get("entityID"), self.idp_entity_id)
        idp = root.find("md:IDPSSODescriptor", NS)
        self.assertIn("urn:oasis:names:tc:SAML:2.0:protocol", idp.get("protocolSupportEnumeration"))
        self.assertEqual(idp.find("md:KeyDescriptor", NS).get("use"), "signing")
        self.assertTrue(idp.find(".//ds:X509Certificate", NS).text.strip())
        self.assertEqual(idp.find("md:SingleSignOnService", NS).get("Location"), self.base + "/sso")
        self.assertEqual(idp.find("md:SingleLogoutService", NS).get("Location"), self.base + "/slo")
        self.assertEqual(idp.find("md:NameIDFormat", NS).text,
                         "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress")

    def test_login_page(self):
        page, _, html = self.login_page()
        self.assertIn("<title>Argus demo identity provider</title>", html)
        self.assertIn("Sign in to continue to Argus", html)
        self.assertIn("<summary>Test options</summary>", html)
        self.assertEqual(page.forms[0].get("action"), "/sso/login")
        for label in ("E-mail", "Password", "Audience", "Valid for (seconds)"):
            self.assertIn(label, page.labels)
        self.assertEqual(page.inputs["valid_for_s"], "300")
        self.assertTrue(page.inputs["pending"])
        self.assertIn("Sign in</button>", html)

    def test_wrong_password_shows_the_form_again(self):
        page, _, _ = self.login_page()
        status, html = self.post_login(page.inputs["pending"], email="alice@example.com",
                                       password="wrong")
        self.assertEqual(status, 200)
        self.assertIn("Wrong e-mail or password.", html)
        again = FormReader(html)
        self.assertEqual(again.inputs["email"], "alice@example.com")
        status, html = self.post_login(again.inputs["pending"], email="nobody@example.com")
        self.assertIn("Wrong e-mail or password.", html)
        status, html = self.post_login(again.inputs["pending"], valid_for_s="soon")
        self.assertEqual(status, 200)
        self.assertIn("must be a whole number", html)
        self.assertEqual(FormReader(html).inputs["valid_for_s"], "soon")

    def test_sign_in_is_accepted_by_the_sp(self):
        saml_response, relay_state, xml, request_id = self.sign_in()
        self.assertEqual(relay_state, RELAY_STATE)
        login = lasso.Login(self.sp)
        login.processAuthnResponseMsg(saml_response)
        login.acceptSso()
        self.assertEqual(login.nameIdentifier.content, USER_EMAIL)
        self.assertEqual(login.nameIdentifier.format, lasso.SAML2_NAME_IDENTIFIER_FORMAT_EMAIL)
        assertion = xml.find("saml:Assertion", NS)
        self.assertIsNotNone(assertion.find("ds:Signature", NS), "the Assertion must be signed")
        self.assertEqual(xml.get("InResponseTo"), request_id)
        self.assertEqual(xml.get("Destination"), ACS_URL)
        confirmation = assertion.find(".//saml:SubjectConfirmation", NS)
        self.assertEqual(confirmation.get("Method"), "urn:oasis:names:tc:SAML:2.0:cm:bearer")
        data = confirmation.find("saml:SubjectConfirmationData", NS)
        self.assertEqual((data.get("InResponseTo"), data.get("Recipient")), (request_id, ACS_URL))
        self.assertEqual(assertion.find(".//saml:Audience", NS).text, SP_ENTITY_ID)
        conditions = assertion.find("saml:Conditions", NS)
        lifetime = parse_time(conditions.get("NotOnOrAfter")) - time.time()
        self.assertTrue(200 < lifetime <= 301, lifetime)
        self.assertTrue(assertion.find("saml:AuthnStatement", NS).get("SessionIndex"))

    def test_negative_validity_gives_an_expired_assertion(self):
        _, _, xml, _ = self.sign_in(valid_for_s="-600")
        conditions = xml.find("saml:Assertion/saml:Conditions", NS)
        not_after = parse_time(conditions.get("NotOnOrAfter"))
        self.assertLess(not_after, time.time() - 500)
        self.assertLess(parse_time(conditions.get("NotBefore")), not_after)

    def test_audience_option(self):
        _, _, xml, _ = self.sign_in(audience="http://wrong")
        self.assertEqual(xml.find(".//saml:Audience", NS).text, "http://wrong")

    def test_logout(self):
        saml_response, _, _, _ = self.sign_in()
        login = lasso.Login(self.sp)
        login.processAuthnResponseMsg(saml_response)
        login.acceptSso()
        session_dump = login.session.dump()
        for attempt in ("first", "again: the IdP no longer has the session"):
            logout = lasso.Logout(self.sp)
            logout.setSessionFromDump(session_dump)
            logout.initRequest(self.idp_entity_id, lasso.HTTP_METHOD_REDIRECT)
            logout.msgRelayState = "after-logout"
            logout.buildRequestMsg()
            url = urllib.parse.urlsplit(logout.msgUrl)
            status, headers, text = request(self.base, "GET", f"{url.path}?{url.query}")
            self.assertEqual(status, 302, f"{attempt}: {text}")
            location = urllib.parse.urlsplit(headers["Location"])
            self.assertEqual(f"{location.scheme}://{location.netloc}{location.path}", SP_SLO_URL)
            params = urllib.parse.parse_qs(location.query)
            self.assertIn("SAMLResponse", params)
            self.assertIn("Signature", params)
            self.assertEqual(params["RelayState"], ["after-logout"])
            logout.processResponseMsg(location.query)

    def test_bad_requests(self):
        self.assertEqual(request(self.base, "GET", "/sso")[0], 400)
        self.assertEqual(request(self.base, "GET", "/sso?SAMLRequest=garbage")[0], 400)
        self.assertEqual(request(self.base, "GET", "/slo?SAMLRequest=garbage")[0], 400)
        self.assertEqual(self.post_login("no-such-token")[0], 400)
        self.assertEqual(request(self.base, "GET", "/nothing-here")[0], 404)
        # An unsigned LogoutRequest is refused.
        login = lasso.Login(self.sp)
        login.processAuthnResponseMsg(self.sign_in()[0])
        login.acceptSso()
        logout = lasso.Logout(self.sp)
        logout.setSessionFromDump(login.session.dump())
        logout.initRequest(self.idp_entity_id, lasso.HTTP_METHOD_REDIRECT)
        logout.buildRequestMsg()
        query = urllib.parse.urlsplit(logout.msgUrl).query
        unsigned = "&".join(p for p in query.split("&") if p.split("=")[0] == "SAMLRequest")
        self.assertEqual(request(self.base, "GET", "/slo?" + unsigned)[0], 400)

    def test_signed_authn_request(self):
        path, _ = self.authn_request_path(signed=True)
        self.assertIn("&Signature=", path)
        self.assertEqual(request(self.base, "GET", path)[0], 200)
        tampered = path.replace("RelayState=", "RelayState=x")
        self.assertEqual(request(self.base, "GET", tampered)[0], 400)
        unsigned, _ = self.authn_request_path()
        self.assertNotIn("Signature=", unsigned)

    def test_restart_keeps_the_key_and_unreachable_sp_metadata_is_502(self):
        process, base = start_idp(self.state_dir, "http://127.0.0.1:9/unreachable")
        try:
            certificate = ".//ds:X509Certificate"
            restarted = ET.fromstring(request(base, "GET", "/metadata")[2])
            self.assertEqual(restarted.find(certificate, NS).text,
                             ET.fromstring(self.idp_metadata).find(certificate, NS).text)
            path, _ = self.authn_request_path()
            status, _, html = request(base, "GET", path)
            self.assertEqual(status, 502)
            self.assertIn("metadata", html)
        finally:
            self.assertEqual(stop_idp(process), 0, "SIGTERM must end samlidp cleanly")

    def test_sp_metadata_is_fetched_again_for_an_unknown_sp(self):
        holder = {"body": self.sp_metadata_for(SP_ENTITY_ID)}
        metadata_server = serve_text(holder)
        url = f"http://127.0.0.1:{metadata_server.server_address[1]}/md"
        process, base = start_idp(self.state_dir, url)
        try:
            idp_metadata = request(base, "GET", "/metadata")[2]
            idp_entity_id = base + "/metadata"
            first_sp = self.lasso_sp(holder["body"], idp_metadata)
            path, _ = self.authn_request_path(sp=first_sp, idp_entity_id=idp_entity_id)
            self.assertEqual(request(base, "GET", path)[0], 200)
            holder["body"] = self.sp_metadata_for("http://127.0.0.1:9/sp-renamed")
            renamed_sp = self.lasso_sp(holder["body"], idp_metadata)
            path, _ = self.authn_request_path(sp=renamed_sp, idp_entity_id=idp_entity_id)
            status, _, html = request(base, "GET", path)
            self.assertEqual(status, 200, html)
            self.assertIn("http://127.0.0.1:9/sp-renamed", html)
            path, _ = self.authn_request_path(sp=first_sp, idp_entity_id=idp_entity_id)
            status, _, html = request(base, "GET", path)
            self.assertEqual(status, 400)
            self.assertIn("unknown service provider", html)
        finally:
            self.assertEqual(stop_idp(process), 0)
            stop_server(metadata_server)

    def test_user_without_colon_exits_2(self):
        result = subprocess.run([sys.executable, SAMLIDP, "--state-dir", self.state_dir,
                                 "--sp-metadata-url", self.sp_metadata_url, "--user", "nocolon"],
                                capture_output=True, text=True, timeout=10)
        self.assertEqual(result.returncode, 2)
        self.assertIn("EMAIL:PASSWORD", result.stderr)
        self.assertEqual(result.stdout, "")


if __name__ == "__main__":
    unittest.main()
