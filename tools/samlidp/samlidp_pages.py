"""HTML pages and the metadata document of the Argus demo SAML identity provider.

Every value put into a page goes through html.escape; the metadata is a text
template filled with XML-escaped values.
"""

from html import escape
from xml.sax.saxutils import quoteattr, escape as xml_escape

PAGE_TITLE = "Argus demo identity provider"

_STYLE = """
body { font-family: system-ui, sans-serif; background: #f3f4f6; margin: 0; }
main { max-width: 26rem; margin: 3rem auto; background: #fff; padding: 1.5rem 2rem;
       border-radius: .5rem; box-shadow: 0 1px 4px rgba(0,0,0,.15); }
label { display: block; margin-top: .8rem; font-weight: 600; }
input[type=text], input[type=email], input[type=password], input[type=number] {
       width: 100%; box-sizing: border-box; padding: .4rem; margin-top: .2rem; }
button { margin-top: 1.2rem; padding: .5rem 1.2rem; }
details { margin-top: 1.2rem; }
.error { color: #b00020; font-weight: 600; }
.note { color: #555; font-size: .9rem; }
"""

METADATA_TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata"
    xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID={entity_id}>
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"
      WantAuthnRequestsSigned="false">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo>
        <ds:X509Data>
          <ds:X509Certificate>{certificate}</ds:X509Certificate>
        </ds:X509Data>
      </ds:KeyInfo>
    </md:KeyDescriptor>
    <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
        Location={slo_url}/>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
        Location={sso_url}/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>
"""


def metadata_xml(entity_id, base_url, certificate_pem):
    """Return the IdP's SAML 2.0 metadata for entity_id, endpoints under base_url."""
    lines = [line.strip() for line in certificate_pem.strip().splitlines()]
    certificate = "".join(line for line in lines if not line.startswith("-----"))
    return METADATA_TEMPLATE.format(
        entity_id=quoteattr(entity_id),
        certificate=xml_escape(certificate),
        slo_url=quoteattr(base_url + "/slo"),
        sso_url=quoteattr(base_url + "/sso"),
    )


def _page(body, title=PAGE_TITLE, script=""):
    """Wrap body (already escaped HTML) in a complete document."""
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n"
        f"<body>\n<main>\n{body}\n</main>\n{script}</body>\n</html>\n"
    )


def error_page(status_text, message):
    """A page for an error answer: status_text is e.g. "Bad request"."""
    body = (
        f"<h1>{escape(status_text)}</h1>\n"
        f"<p class=\"error\" role=\"alert\">{escape(message)}</p>"
    )
    return _page(body, title=f"{status_text} - {PAGE_TITLE}")


def login_page(pending, sp_entity_id, email="", error="", audience="", valid_for_s="300"):
    """The sign-in form; fields keep the given values, error is shown above them."""
    error_html = f"<p class=\"error\" role=\"alert\">{escape(error)}</p>\n" if error else ""
    body = f"""<h1>Sign in to continue to Argus</h1>
<p class="note">Service provider: {escape(sp_entity_id)}</p>
{error_html}<form method="post" action="/sso/login" novalidate>
<input type="hidden" name="pending" value="{escape(pending)}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" autofocus
 value="{escape(email)}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password">
<details>
<summary>Test options</summary>
<label for="audience">Audience</label>
<input id="audience" name="audience" type="text" value="{escape(audience)}"
 placeholder="{escape(sp_entity_id)}">
<p class="note">Empty: the service provider's entity id.</p>
<label for="valid_for_s">Valid for (seconds)</label>
<input id="valid_for_s" name="valid_for_s" type="number" step="1" value="{escape(valid_for_s)}">
<p class="note">Negative: the assertion has already expired.</p>
</details>
<button type="submit">Sign in</button>
</form>"""
    return _page(body)


def post_response_page(acs_url, saml_response, relay_state=None):
    """The HTTP-POST binding page that carries the SAMLResponse to the SP's ACS."""
    relay_html = ""
    if relay_state is not None:
        relay_html = ("<input type=\"hidden\" name=\"RelayState\" "
                      f"value=\"{escape(relay_state)}\">\n")
    body = f"""<h1>Signed in</h1>
<p>Returning to Argus&hellip;</p>
<form id="saml-response" method="post" action="{escape(acs_url)}">
<input type="hidden" name="SAMLResponse" value="{escape(saml_response)}">
{relay_html}<button type="submit">Continue</button>
</form>"""
    script = "<script>document.getElementById('saml-response').submit();</script>\n"
    return _page(body, script=script)
