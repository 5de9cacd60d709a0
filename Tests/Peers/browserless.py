"""Drives the login and consent pages with plain HTTP, as any script could (docs/pages.md: the forms
are plain HTML with named fields), reading each form from the page itself."""
import secrets
import urllib.parse
from html.parser import HTMLParser

import requests


class Form:
    def __init__(self, action, method):
        self.action = action
        self.method = method
        self.fields = {}
        self.buttons = []  # (name, value, label)


class FormParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.forms = []
        self._button = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.forms.append(Form(a.get("action", ""), a.get("method", "get").lower()))
        elif tag == "input" and self.forms and a.get("name"):
            self.forms[-1].fields[a["name"]] = a.get("value", "")
        elif tag == "button" and self.forms:
            self._button = [a.get("name"), a.get("value"), ""]

    def handle_data(self, data):
        if self._button is not None:
            self._button[2] += data

    def handle_endtag(self, tag):
        if tag == "button" and self._button is not None:
            self.forms[-1].buttons.append((self._button[0], self._button[1], self._button[2].strip()))
            self._button = None


def forms(html):
    parser = FormParser()
    parser.feed(html)
    return parser.forms


def form_with(html, field=None, button_value=None):
    for form in forms(html):
        if field and field in form.fields:
            return form
        if button_value and any(value == button_value for _, value, _ in form.buttons):
            return form
    raise AssertionError(f"no form with {field or button_value} in page:\n{html[:3000]}")


class Browser:
    """A cookie-keeping client that never follows redirects, so each step can be checked."""

    def __init__(self, base_url):
        self.base_url = base_url
        self.http = requests.Session()

    def absolute(self, url):
        return urllib.parse.urljoin(self.base_url + "/", url)

    def get(self, url, **kw):
        return self.http.get(self.absolute(url), allow_redirects=False, timeout=10, **kw)

    def submit(self, html, page_url, fields=None, field=None, button=None, drop=()):
        form = form_with(html, field=field, button_value=button[1] if button else None)
        data = dict(form.fields)
        data.update(fields or {})
        for name in drop:
            data.pop(name, None)
        if button:
            data[button[0]] = button[1]
        return self.http.post(urllib.parse.urljoin(page_url, form.action or page_url), data=data,
                              allow_redirects=False, timeout=10)

    def follow(self, response):
        """Follows redirects that stay on our server; returns the last response."""
        while response.status_code in (302, 303) and response.headers["Location"].startswith(
                (self.base_url, "/")):
            response = self.get(response.headers["Location"])
        return response

    def link(self, authorize_url, email, password, decision="allow"):
        """GET /authorize → login → consent → the redirect back to the client. Returns that response."""
        page = self.follow(self.get(authorize_url))
        if 'name="password"' in page.text:
            page = self.follow(self.submit(page.text, page.url, {"email": email, "password": password},
                                           field="password"))
        if page.status_code == 200 and 'name="decision"' in page.text:
            page = self.submit(page.text, page.url, button=("decision", decision))
        return page


def random_state(length=64):
    return secrets.token_urlsafe(length)[:length]
