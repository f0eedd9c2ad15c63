#!/usr/bin/python3
# A real WKWebView-style host for the portal's tests (docs/testing.md "Host webviews"): WebKitGTK's WebKit2 4.1 API, the
# GTK port of the same WebKit whose Cocoa port is WKWebView. Page -> host goes through a native script message handler
# (window.webkit.messageHandlers.<name>.postMessage); host -> page through call_async_javascript_function, which is
# callAsyncJavaScript(_:arguments:) of WKWebView. The PortalBridge class below is bridge/README.md's Swift sample,
# step for step; tests/hosts/webkit-host.test.ts checks that the two do not drift apart.
#
# Python GObject, not GJS: Debian's python3 is on every machine that runs the engine journeys, python3-gi is a
# small package next to it, and Python's json, argparse and line-buffered stdin need no more code. GJS would pull in
# SpiderMonkey, a second JavaScript engine beside WebKit's, only to run this file.
#
# Usage: host.py --url URL [--origin ORIGIN] [--handler NAME] [--locale TAG] [--proxy URL] [--popups]
#   stdout: one JSON object a line. {"event": "message", ...} for every message the handler receives, as the native
#           side sees it (the JavaScriptCore value: "string": true and the text, or the value's JSON); "load",
#           "signIn", "signOut", "openUrl" for what the host did; "done" answers each command.
#   stdin:  one JSON command a line (see Commands below).
import argparse
import json
import sys
from urllib.parse import urlsplit

import gi

gi.require_version('Gdk', '3.0')
gi.require_version('Gtk', '3.0')
gi.require_version('WebKit2', '4.1')
from gi.repository import Gdk, GLib, Gtk, WebKit2  # noqa: E402

# PORTAL_WEBKIT_HANDLER's default (bridge/README.md).
HANDLER = 'portal'
# The isolated script world the tests drive the page from: the portal's own scripts cannot see it (not the sample).
TEST_WORLD = 'host-test'
# Recorded in TEST_WORLD from document start: the page's Content-Security-Policy reports (not the sample).
CSP_PROBE = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push({ directive: e.effectiveDirective, blocked: String(e.blockedURI).slice(0, 120) });
});
"""


def emit(event):
    sys.stdout.write(json.dumps(event) + '\n')
    sys.stdout.flush()


def origin_of(url):
    parts = urlsplit(url or '')
    return f'{parts.scheme}://{parts.netloc}' if parts.scheme and parts.netloc else None


class PortalBridge:
    """bridge/README.md's Swift PortalBridge (a WKScriptMessageHandler), in WebKitGTK's terms."""

    def __init__(self, portal_origin, locale=None):
        self.portal_origin = portal_origin
        self.web_view = None
        # The sample answers ready with allowed: true; this host can change its mind (the canMakePayments command).
        self.payments_allowed = True
        # The sample's Locale.preferredLanguages.first: the app's language, given by --locale (none: nothing is sent).
        self.locale = locale

    # userContentController(_:didReceive:)
    def did_receive(self, _manager, result):
        value = result.get_js_value()
        # WebKitGTK's handler has no WKFrameInfo: the origin checked is the main frame's (the web view's URI).
        # Frames inside the portal are what its CSP frame-src allows (the identity provider's, PayPal's).
        source = self.web_view.get_uri()
        seen = {'event': 'message', 'source': source, 'string': value.is_string()}
        seen['body'] = value.to_string() if value.is_string() else json.loads(value.to_json(0) or 'null')
        msg = None
        if origin_of(source) != self.portal_origin:
            seen['refused'] = 'origin'
        elif not value.is_string():
            seen['refused'] = 'not a string'
        else:
            try:
                msg = json.loads(seen['body'])
            except ValueError:
                seen['refused'] = 'not JSON'
            if msg is not None and (not isinstance(msg, dict) or msg.get('v') not in (1, 2)):
                seen['refused'] = 'version'
                msg = None
        emit(seen)
        if msg is None:
            return
        kind = msg.get('type')
        if kind == 'ready':
            self.send(json.dumps({'v': 1, 'type': 'canMakePayments', 'allowed': self.payments_allowed}))
            self.send_locale()
        elif kind == 'token':
            if isinstance(msg.get('token'), str):
                self.sign_in(msg.get('kind') or 'identity', msg['token'], msg.get('state'), msg.get('requestId'))
        elif kind == 'logout':
            self.sign_out_locally()
        elif kind == 'openUrl':
            url = msg.get('url')
            if isinstance(url, str) and urlsplit(url).scheme == 'https':
                self.open_url(url)
        # signedIn, tokenUnavailable, or a type added later: nothing to do

    def send(self, text, done=None):
        """The JSON goes in as a string argument: no escaping by hand."""
        arguments = GLib.Variant('a{sv}', {'message': GLib.Variant('s', text)})

        def finished(view, res):
            try:
                answer = view.call_async_javascript_function_finish(res)
                accepted = json.loads(answer.to_json(0) or 'null')
            except GLib.Error as error:
                accepted = {'error': error.message}
            if done:
                done(accepted)

        self.web_view.call_async_javascript_function(
            'return window.__portalBridgeReceive?.(message) ?? false', -1, arguments, None, None, None, finished)

    def send_locale(self, done=None):
        """The app's language ("de-DE"): after ready, and again when the app switches language (the locale command)."""
        if not self.locale:
            if done:
                done(False)
            return
        self.send(json.dumps({'v': 4, 'type': 'locale', 'locale': self.locale}), done)

    def request_token(self, kind, request_id, done=None):
        """Ask for a fresh token ("identity" or "unity"); the answer is a "token" message with the same requestId."""
        self.send(json.dumps({'v': 2, 'type': 'requestToken', 'kind': kind, 'requestId': request_id}), done)

    def sign_out_the_portal(self, done=None):
        self.send(json.dumps({'v': 1, 'type': 'logout'}), done)

    # The app's own code: this host reports what it would do.
    def sign_in(self, kind, token, state, request_id):
        emit({'event': 'signIn', 'kind': kind, 'token': token, 'state': state, 'requestId': request_id})

    def sign_out_locally(self):
        emit({'event': 'signOut'})

    def open_url(self, url):
        emit({'event': 'openUrl', 'url': url})


def real_click(view, x, y):
    """A pointer click at (x, y) of the view, as GTK delivers a person's: WebKit counts it as a user gesture (a script's
    element.click() is not one, so Safari's popup blocking would refuse what it opens). Not the sample."""
    window = view.get_window()
    pointer = window.get_display().get_default_seat().get_pointer()
    origin = window.get_origin()
    for kind in (Gdk.EventType.MOTION_NOTIFY, Gdk.EventType.BUTTON_PRESS, Gdk.EventType.BUTTON_RELEASE):
        event = Gdk.Event.new(kind)
        data = event.motion if kind == Gdk.EventType.MOTION_NOTIFY else event.button
        data.window = window
        data.time = Gdk.CURRENT_TIME
        data.x, data.y = float(x), float(y)
        data.x_root, data.y_root = float(origin.x + x), float(origin.y + y)
        if kind != Gdk.EventType.MOTION_NOTIFY:
            data.button = 1
        if kind == Gdk.EventType.BUTTON_RELEASE:
            data.state = Gdk.ModifierType.BUTTON1_MASK
        event.set_device(pointer)
        Gtk.main_do_event(event)


def main():
    parser = argparse.ArgumentParser(description='A WebKitGTK host of the portal (bridge/README.md, WKWebView).')
    parser.add_argument('--url', required=True, help='the launch URL, e.g. http://127.0.0.1:5173/auth')
    parser.add_argument('--origin', help="the portal's origin the host trusts (default: the launch URL's)")
    parser.add_argument('--handler', default=HANDLER, help='PORTAL_WEBKIT_HANDLER')
    parser.add_argument('--locale', help="the app's language, sent as locale after ready (e.g. de-DE; none: not sent)")
    parser.add_argument('--late-handler', action='store_true',
                        help='register the handler only on the "register" command (a host object that appears late)')
    parser.add_argument('--proxy', help='an HTTP proxy for everything but loopback (its TLS certificate is accepted)')
    parser.add_argument('--popups', action='store_true',
                        help='open windows the page opens (window.open) as popups the commands can name')
    args = parser.parse_args()

    bridge = PortalBridge(args.origin or origin_of(args.url), args.locale)
    manager = WebKit2.UserContentManager()
    manager.connect(f'script-message-received::{args.handler}', bridge.did_receive)
    if not args.late_handler:
        manager.register_script_message_handler(args.handler)  # remove it when done
    manager.add_script(WebKit2.UserScript.new_for_world(
        CSP_PROBE, WebKit2.UserContentInjectedFrames.TOP_FRAME, WebKit2.UserScriptInjectionTime.START,
        TEST_WORLD, None, None))
    web_view = WebKit2.WebView(user_content_manager=manager, is_ephemeral=True)
    bridge.web_view = web_view
    # Safari's popup blocking: window.open only within a person's click (WebKitGTK's default, said here).
    web_view.get_settings().set_javascript_can_open_windows_automatically(False)
    if args.proxy:
        data = web_view.get_website_data_manager()
        data.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM,
                                        WebKit2.NetworkProxySettings.new(args.proxy, ['127.0.0.1', 'localhost']))
        data.set_tls_errors_policy(WebKit2.TLSErrorsPolicy.IGNORE)

    # The windows the page opened, newest last (with --popups). Not the sample.
    popups = []

    def on_create(view, action):
        popup = WebKit2.WebView(related_view=view, settings=view.get_settings())
        popup_window = Gtk.Window(default_width=500, default_height=600)
        popup_window.add(popup)
        popups.append(popup)

        def closed(*_):
            if popup in popups:
                popups.remove(popup)
            popup_window.destroy()
            emit({'event': 'popupClosed'})
        popup.connect('ready-to-show', lambda *_: popup_window.show_all())
        popup.connect('close', closed)
        emit({'event': 'popup', 'uri': action.get_request().get_uri()})
        return popup

    if args.popups:
        web_view.connect('create', on_create)

    window = Gtk.Window(default_width=1280, default_height=900)
    window.add(web_view)
    window.connect('destroy', lambda *_: Gtk.main_quit())
    web_view.connect('load-changed', lambda view, ev: ev == WebKit2.LoadEvent.FINISHED and emit(
        {'event': 'load', 'uri': view.get_uri()}))
    web_view.connect('web-process-terminated', lambda _v, reason: emit({'event': 'crashed', 'reason': int(reason)}))
    window.show_all()

    def on_command(line):
        try:
            command = json.loads(line)
        except ValueError:
            emit({'event': 'done', 'error': 'not JSON'})
            return
        ident = command.get('id')
        name = command.get('cmd')

        def done(value=None, **extra):
            emit({'event': 'done', 'id': ident, 'cmd': name, 'value': value, **extra})

        # Commands: the Swift sample's own sends, then what a test needs to drive the page.
        if name == 'requestToken':
            bridge.request_token(command['kind'], command['requestId'], done)
        elif name == 'logout':
            bridge.sign_out_the_portal(done)
        elif name == 'canMakePayments':
            bridge.payments_allowed = bool(command['allowed'])
            bridge.send(json.dumps({'v': 1, 'type': 'canMakePayments', 'allowed': bridge.payments_allowed}), done)
        elif name == 'locale':
            # The app switched language: the sample's sendLocale() again, with the new one.
            bridge.locale = command['locale']
            bridge.send_locale(done)
        elif name == 'send':
            bridge.send(command['json'], done)
        elif name == 'register':
            done(manager.register_script_message_handler(args.handler))
        elif name == 'load':
            web_view.load_uri(command['url'])
            done()
        elif name == 'eval':
            # Runs in the test world (the portal's CSP does not apply to the host's scripts); the value as JSON.
            # "view": "popup" runs it in the newest popup instead.
            view = popups[-1] if command.get('view') == 'popup' and popups else web_view
            if command.get('view') == 'popup' and not popups:
                done(error='no popup')
                return

            def evaluated(view, res):
                try:
                    done(json.loads(view.evaluate_javascript_finish(res).to_json(0) or 'null'))
                except GLib.Error as error:
                    done(error=error.message)
            view.evaluate_javascript(command['script'], -1, command.get('world', TEST_WORLD), None, None, evaluated)
        elif name == 'click':
            # A person's click at x, y of the web view (CSS pixels from its top left).
            real_click(web_view, command['x'], command['y'])
            done()
        elif name == 'quit':
            done()
            Gtk.main_quit()
        else:
            done(error=f'unknown command {name!r}')

    def on_stdin(channel, condition):
        if condition & GLib.IOCondition.IN:
            line = channel.readline()
            if line:
                if line.strip():
                    on_command(line)
                return True
        Gtk.main_quit()  # stdin closed: the test is gone
        return False

    stdin = GLib.IOChannel.unix_new(sys.stdin.fileno())
    GLib.io_add_watch(stdin, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, on_stdin)

    web_view.load_uri(args.url)
    emit({'event': 'started', 'webkit': f'{WebKit2.get_major_version()}.{WebKit2.get_minor_version()}',
          'handler': args.handler})
    Gtk.main()


if __name__ == '__main__':
    main()
