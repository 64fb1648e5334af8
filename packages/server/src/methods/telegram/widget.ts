/**
 * The Telegram Login Widget script this server serves from its own origin (spec section 7;
 * issue 16), at `GET /api/v1/telegram/widget.js?app_id=<appId>`.
 *
 * It defines `window.Telegram.Login.auth(options, callback)` with the popup protocol of
 * Telegram's own `telegram-widget.js` (https://core.telegram.org/widgets/login): a window on
 * `<widget origin>/auth?bot_id&origin&request_access&lang`, whose page posts
 * `JSON.stringify({event: 'auth_result', result})` to its opener; when the window closes without
 * one, `POST <widget origin>/auth/get` (`bot_id`, with cookies) answers `{user}` or nothing.
 * `callback` gets the answer's fields (`id`, names, `auth_date`, `hash`), or `false` when the
 * user declined, closed the window, or the browser blocked it. Stricter than Telegram's script:
 * a message counts only from that window and from the widget URL's origin. Other members of
 * `window.Telegram` (a Mini App's `WebApp`) are kept.
 *
 * The widget origin is the app's `telegram_bots.widget_url` (the development stand-in), else
 * Telegram's.
 */

/**
 * The script's text for the popup base URL `widgetUrl` (no trailing '/'; messages must come from
 * its origin).
 * @returns JavaScript, ES2015, no dependencies.
 */
export function telegramWidgetScript(widgetUrl: string): string {
  return `/* Latchkey: Telegram Login Widget (popup protocol of telegram.org/js/telegram-widget.js) */
(function () {
  'use strict';
  var WIDGETS = ${JSON.stringify(widgetUrl)};
  var WIDGETS_ORIGIN = ${JSON.stringify(new URL(widgetUrl).origin)};
  function query(options) {
    return 'bot_id=' + encodeURIComponent(options.bot_id) +
      (options.lang ? '&lang=' + encodeURIComponent(options.lang) : '');
  }
  function getAuthData(options, callback) {
    fetch(WIDGETS + '/auth/get', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: query(options)
    }).then(function (res) { return res.ok ? res.json() : {}; })
      .then(function (answer) { callback(answer && answer.user ? answer.user : false); },
        function () { callback(false); });
  }
  function auth(options, callback) {
    var botId = parseInt(options && options.bot_id, 10);
    if (!botId) throw new Error('Bot id required');
    var width = 550, height = 470;
    var left = Math.max(0, (screen.width - width) / 2) + (screen.availLeft | 0);
    var top = Math.max(0, (screen.height - height) / 2) + (screen.availTop | 0);
    var url = WIDGETS + '/auth?' + query(options) +
      '&origin=' + encodeURIComponent(location.origin) +
      (options.request_access ? '&request_access=' + encodeURIComponent(options.request_access) : '');
    var popup = window.open(url, 'telegram_login_bot' + botId, 'width=' + width + ',height=' +
      height + ',left=' + left + ',top=' + top + ',status=0,location=0,menubar=0,toolbar=0');
    var finished = false;
    function done(result) {
      if (finished) return;
      finished = true;
      window.removeEventListener('message', onMessage);
      if (callback) callback(result || false);
    }
    function onMessage(event) {
      if (event.source !== popup || event.origin !== WIDGETS_ORIGIN) return;
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      if (data && data.event === 'auth_result') done(data.result);
    }
    function checkClose() {
      if (finished) return;
      if (popup.closed) return getAuthData(options, done);
      setTimeout(checkClose, 100);
    }
    if (!popup) return done(false);
    window.addEventListener('message', onMessage);
    popup.focus();
    checkClose();
  }
  window.Telegram = window.Telegram || {};
  window.Telegram.Login = { auth: auth, widgetsOrigin: WIDGETS };
})();
`;
}
