#!/usr/bin/python3
"""Argus demo SAML 2.0 identity provider (IdP) for argusd's tests and demo.

Serves its metadata, signs users in with a small form (HTTP-Redirect AuthnRequest
in, HTTP-POST Response out) and answers SP-initiated single logout. See README.md.
Needs Debian's python3-lasso (run it with /usr/bin/python3) and the openssl command.
"""

import argparse
import os
import signal
import subprocess
import sys
import threading
import traceback
import urllib.parse
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from samlidp_pages import error_page, login_page, metadata_xml, post_response_page
from samlidp_saml import IdentityProvider, SamlError, UserDirectory

KEY_FILE = "idp-key.pem"
CERT_FILE = "idp-cert.pem"
CERT_SUBJECT = "/CN=Argus demo IdP"
CERT_DAYS = "3650"
MAX_FORM_BYTES = 64 * 1024
DEFAULT_VALID_FOR_S = "300"
MAX_VALID_FOR_S = 10 * 365 * 24 * 3600
WRONG_CREDENTIALS = "Wrong e-mail or password."


# --- command line and state directory ----------------------------------------------------

def parse_user(text):
    """Parse an EMAIL:PASSWORD option value (the password may contain colons)."""
    email, colon, password = text.partition(":")
    if not colon or not email.strip():
        raise argparse.ArgumentTypeError(f"expected EMAIL:PASSWORD, got {text!r}")
    return email.strip(), password


def parse_port(text):
    """Parse a TCP port number, 0 meaning a free port."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"port must be 0..65535, got {text!r}")
    return port


def parse_options(argv):
    """Read the command line; bad options print a message and exit with code 2."""
    parser = argparse.ArgumentParser(prog="samlidp.py",
                                     description="Argus demo SAML 2.0 identity provider")
    parser.add_argument("--state-dir", required=True,
                        help="where the IdP key and certificate are kept (created if absent)")
    parser.add_argument("--sp-metadata-url", required=True,
                        help="URL of the service provider's SAML metadata")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=parse_port, default=0, help="port (0: a free port)")
    parser.add_argument("--user", type=parse_user, action="append", default=[],
                        metavar="EMAIL:PASSWORD", help="an account (repeatable)")
    parser.add_argument("--entity-id", help="IdP entity id (default http://HOST:PORT/metadata)")
    options = parser.parse_args(argv)
    if urllib.parse.urlsplit(options.sp_metadata_url).scheme not in ("http", "https"):
        parser.error(f"--sp-metadata-url must be an http(s) URL, got {options.sp_metadata_url!r}")
    if not options.state_dir:
        parser.error("--state-dir must not be empty")
    return options


def ensure_key_and_certificate(state_dir):
    """Return (key PEM, certificate PEM), creating them with openssl on first use."""
    key_path = os.path.join(state_dir, KEY_FILE)
    cert_path = os.path.join(state_dir, CERT_FILE)
    if not (os.path.isfile(key_path) and os.path.isfile(cert_path)):
        new_key, new_cert = key_path + ".new", cert_path + ".new"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                        "-keyout", new_key, "-out", new_cert, "-days", CERT_DAYS,
                        "-subj", CERT_SUBJECT],
                       check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE)
        os.chmod(new_key, 0o600)
        os.replace(new_cert, cert_path)
        os.replace(new_key, key_path)
    with open(key_path, encoding="ascii") as key, open(cert_path, encoding="ascii") as cert:
        return key.read(), cert.read()


# --- HTTP ----------------------------------------------------------------------------------

class IdpHttpServer(ThreadingHTTPServer):
    """The listener; carries the IdP, the accounts and the metadata for the handlers."""

    daemon_threads = True
    idp = None
    users = None
    metadata = ""


class Handler(BaseHTTPRequestHandler):
    """Routes GET /metadata, GET /sso, POST /sso/login and GET /slo; anything else is 404."""

    server_version = "samlidp"

    def do_GET(self):
        """Answer a GET request."""
        routes = {"/metadata": self.get_metadata, "/sso": self.get_sso, "/slo": self.get_slo}
        self.dispatch(routes)

    def do_POST(self):
        """Answer a POST request."""
        self.dispatch({"/sso/login": self.post_login})

    def dispatch(self, routes):
        """Call the route for the request's path with its query; errors become pages."""
        url = urllib.parse.urlsplit(self.path)
        route = routes.get(url.path)
        try:
            if route is None:
                raise SamlError(404, f"There is no page at {url.path}.")
            route(url.query)
        except SamlError as error:
            self.log_message("%s %s: %s", self.command, url.path, error.message)
            self.send_page(error.status, error_page(HTTPStatus(error.status).phrase,
                                                    error.message))
        except Exception:  # a bug: answer 500 rather than drop the connection
            self.log_message("%s %s failed:\n%s", self.command, url.path, traceback.format_exc())
            self.send_page(500, error_page("Internal Server Error",
                                           "The identity provider failed; see its log."))

    def send_body(self, status, content_type, body, headers=()):
        """Send a complete answer."""
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def send_page(self, status, html):
        """Send an HTML page."""
        self.send_body(status, "text/html; charset=utf-8", html)

    def get_metadata(self, _query):
        """GET /metadata: the IdP's SAML metadata."""
        self.send_body(200, "application/samlmetadata+xml", self.server.metadata)

    def get_sso(self, query):
        """GET /sso: take an AuthnRequest and show the sign-in form."""
        token, sp_entity_id = self.server.idp.start_login(query)
        self.send_page(200, login_page(token, sp_entity_id, valid_for_s=DEFAULT_VALID_FOR_S))

    def read_form(self):
        """Read an application/x-www-form-urlencoded body into a dict of strings."""
        content_type = self.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if content_type != "application/x-www-form-urlencoded":
            raise SamlError(400, "The form must be sent as application/x-www-form-urlencoded.")
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            length = -1
        if not 0 <= length <= MAX_FORM_BYTES:
            raise SamlError(400, "The form is missing or too large.")
        body = self.rfile.read(length).decode("utf-8", errors="replace")
        return {k: v[0] for k, v in urllib.parse.parse_qs(body, keep_blank_values=True).items()}

    def post_login(self, _query):
        """POST /sso/login: check the password, then send the SAMLResponse form."""
        form = self.read_form()
        pending, email = form.get("pending", ""), form.get("email", "")
        audience = form.get("audience", "").strip()
        valid_text = form.get("valid_for_s", "").strip() or DEFAULT_VALID_FOR_S
        sp_entity_id = self.server.idp.pending_sp(pending)
        if sp_entity_id is None:
            raise SamlError(400, "This sign-in has expired or is unknown; start again from Argus.")

        def again(error):
            return login_page(pending, sp_entity_id, email=email, error=error,
                              audience=audience, valid_for_s=valid_text)

        try:
            valid_for_s = int(valid_text)
            if abs(valid_for_s) > MAX_VALID_FOR_S:
                raise ValueError(valid_text)
        except ValueError:
            return self.send_page(200, again("Valid for (seconds) must be a whole number "
                                             f"between -{MAX_VALID_FOR_S} and {MAX_VALID_FOR_S}."))
        account = self.server.users.check(email, form.get("password", ""))
        if account is None:
            return self.send_page(200, again(WRONG_CREDENTIALS))
        answer = self.server.idp.finish_login(pending, account, audience, valid_for_s)
        return self.send_page(200, post_response_page(answer.acs_url, answer.saml_response,
                                                      answer.relay_state))

    def get_slo(self, query):
        """GET /slo: answer a LogoutRequest with a redirect carrying the LogoutResponse."""
        location = self.server.idp.logout(query)
        self.send_body(302, "text/plain; charset=utf-8", "Logged out.\n",
                       headers=[("Location", location)])

    def log_request(self, code="-", size="-"):
        """Log the answered request without its (long) query string."""
        path = urllib.parse.urlsplit(self.path).path
        self.log_message("%s %s %s", self.command, path, getattr(code, "value", code))

    def log_message(self, format, *args):  # noqa: A002 (name fixed by the base class)
        """Log one line on stderr."""
        sys.stderr.write(f"samlidp: {self.address_string()} {format % args}\n")


# --- main ----------------------------------------------------------------------------------

def serve(options, key_pem, cert_pem):
    """Listen, print the ready line, and serve until SIGTERM or SIGINT; return the exit code."""
    try:
        httpd = IdpHttpServer((options.host, options.port), Handler)
    except OSError as error:
        print(f"samlidp: cannot listen on {options.host}:{options.port}: {error}", file=sys.stderr)
        return 2
    port = httpd.server_address[1]
    base_url = f"http://{options.host}:{port}"
    entity_id = options.entity_id or f"{base_url}/metadata"
    httpd.metadata = metadata_xml(entity_id, base_url, cert_pem)
    httpd.idp = IdentityProvider(entity_id, httpd.metadata, key_pem, cert_pem,
                                 options.sp_metadata_url)
    httpd.users = UserDirectory(options.user)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    threading.Thread(target=httpd.serve_forever, args=(0.2,), name="samlidp-http",
                     daemon=True).start()
    print(f"samlidp ready http={options.host}:{port} url={base_url}", flush=True)
    while not stop.wait(1.0):
        pass
    httpd.shutdown()
    httpd.server_close()
    return 0


def main(argv=None):
    """Entry point: options, key and certificate, then serve."""
    options = parse_options(argv)
    try:
        os.makedirs(options.state_dir, exist_ok=True)
    except OSError as error:
        print(f"samlidp: cannot use --state-dir {options.state_dir}: {error}", file=sys.stderr)
        return 2
    try:
        key_pem, cert_pem = ensure_key_and_certificate(options.state_dir)
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", b"") or b""
        print(f"samlidp: cannot create the IdP key and certificate: {error} "
              f"{detail.decode(errors='replace').strip()}", file=sys.stderr)
        return 1
    return serve(options, key_pem, cert_pem)


if __name__ == "__main__":
    sys.exit(main())
