// A test-only stand-in for https://apis.google.com/js/api.js: just enough of gapi.iframes for the Firebase Auth SDK
// (in the portal page) and the Auth emulator's helper iframe to talk across origins by postMessage, offline.
// Served by the e2e tests through page routing; never part of the bundle.
(function () {
  'use strict';
  if (window.gapi && window.gapi.iframes) return;
  var MARK = '__gapiStandIn';
  var nextId = 1;

  /** One end of a conversation with another window: named handlers, calls with replies, a ready handshake. */
  function Channel(getTarget) {
    this.getTarget = getTarget;
    this.handlers = {};
    this.waiting = {}; // calls that arrived before their handler was registered
    this.replies = {};
    this.outbox = [];
    this.ready = false;
    this.onReady = [];
  }
  Channel.prototype.post = function (message) {
    var target = this.getTarget();
    message[MARK] = true;
    if (!target || !this.ready) {
      this.outbox.push(message);
      return;
    }
    target.postMessage(message, '*');
  };
  Channel.prototype.markReady = function () {
    if (this.ready) return;
    this.ready = true;
    var out = this.outbox;
    this.outbox = [];
    for (var i = 0; i < out.length; i++) this.post(out[i]);
    var callbacks = this.onReady;
    this.onReady = [];
    for (var j = 0; j < callbacks.length; j++) callbacks[j]();
  };
  Channel.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var queued = this.waiting[type] || [];
    delete this.waiting[type];
    for (var i = 0; i < queued.length; i++) this.answer(queued[i]);
  };
  Channel.prototype.send = function (type, data, callback) {
    var id = nextId++;
    if (callback) this.replies[id] = callback;
    this.post({ kind: 'call', id: id, type: type, data: data });
  };
  Channel.prototype.answer = function (call) {
    var handler = this.handlers[call.type];
    if (!handler) {
      (this.waiting[call.type] = this.waiting[call.type] || []).push(call);
      return;
    }
    var self = this;
    Promise.resolve()
      .then(function () {
        return handler(call.data);
      })
      .then(
        function (result) {
          self.post({ kind: 'reply', id: call.id, results: [result] });
        },
        function () {
          self.post({ kind: 'reply', id: call.id, results: [] });
        },
      );
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'hello') {
      this.markReady();
      if (!message.answer) this.postNow({ kind: 'hello', answer: true });
    } else if (message.kind === 'call') {
      this.answer(message);
    } else if (message.kind === 'reply') {
      var callback = this.replies[message.id];
      delete this.replies[message.id];
      // Real gapi swallows errors thrown by reply callbacks; the Firebase SDK relies on that.
      if (callback) {
        try {
          callback(message.results);
        } catch (e) {
          /* swallowed like gapi */
        }
      }
    }
  };
  Channel.prototype.postNow = function (message) {
    var target = this.getTarget();
    message[MARK] = true;
    if (target) target.postMessage(message, '*');
  };
  Channel.prototype.whenReady = function (callback) {
    if (this.ready) callback();
    else this.onReady.push(callback);
  };

  var channels = []; // { source: () => Window, channel }
  window.addEventListener('message', function (event) {
    var data = event.data;
    if (!data || typeof data !== 'object' || data[MARK] !== true) return;
    for (var i = 0; i < channels.length; i++) {
      if (channels[i].source() === event.source) {
        channels[i].channel.receive(data);
        return;
      }
    }
  });

  /** The parent's handle on a child iframe (what context.open gives the SDK). */
  function ChildIframe(element) {
    var channel = new Channel(function () {
      return element.contentWindow;
    });
    channels.push({
      source: function () {
        return element.contentWindow;
      },
      channel: channel,
    });
    this.element = element;
    this.channel = channel;
  }
  ChildIframe.prototype.register = function (type, handler) {
    this.channel.register(type, handler);
  };
  ChildIframe.prototype.send = function (type, data, callback) {
    this.channel.send(type, data, callback);
  };
  ChildIframe.prototype.restyle = function () {
    return Promise.resolve(true);
  };
  ChildIframe.prototype.ping = function (callback) {
    var channel = this.channel;
    return {
      then: function (resolve) {
        channel.whenReady(function () {
          if (callback) callback();
          if (resolve) resolve();
        });
      },
    };
  };
  ChildIframe.prototype.getIframeEl = function () {
    return this.element;
  };

  var parentChannel = null;
  var context = {
    open: function (options, onOpen) {
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      for (var name in attributes) {
        if (name === 'style') {
          for (var key in attributes.style) element.style[key] = attributes.style[key];
        } else {
          element.setAttribute(name, attributes[name]);
        }
      }
      element.src = options.url;
      var iframe = new ChildIframe(element);
      (options.where || document.body).appendChild(element);
      // The child says hello when its copy of this script loads; say it too in case it was first.
      element.addEventListener('load', function () {
        iframe.channel.postNow({ kind: 'hello' });
      });
      return Promise.resolve(onOpen ? onOpen(iframe) : iframe);
    },
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () {
          return window.parent;
        });
        channels.push({
          source: function () {
            return window.parent;
          },
          channel: parentChannel,
        });
        parentChannel.postNow({ kind: 'hello' });
      }
      return {
        register: function (type, handler) {
          parentChannel.register(type, handler);
        },
        send: function (type, data, callback) {
          parentChannel.send(type, data, callback);
        },
      };
    },
  };

  var gapi = {
    load: function (name, options) {
      var callback = typeof options === 'function' ? options : options && options.callback;
      setTimeout(function () {
        if (callback) callback();
      }, 0);
    },
    iframes: {
      CROSS_ORIGIN_IFRAMES_FILTER: function () {
        return true;
      },
      Iframe: ChildIframe,
      getContext: function () {
        return context;
      },
    },
  };
  window.gapi = gapi;

  // A child iframe announces itself at once, so its parent can start sending.
  if (window.parent !== window) context.getParentIframe();

  // api.js?onload=cb (the SDK) and window.gapi_onload (the emulator's helper iframe).
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
