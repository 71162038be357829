/*
 * make lab's one JupyterLab plugin (tools/lab.py serves it with --LabApp.extra_labextensions_path).
 *
 * Opening a lesson must not mark it modified. The widget manager (@jupyter-widgets/jupyterlab-manager,
 * with the "saveState" setting that lets widgets survive a server restart) marks the notebook dirty
 * each time it registers a widget model, and restoring the widgets saved in a lesson registers every
 * one of them: each lesson opened showed the modified dot and asked "Save changes?" when closed
 * untouched. Here a notebook is marked modified only by a change to its content (a cell edited or
 * run, its metadata changed): a "dirty" that no content change stands behind is set back to clean.
 *
 * Hand-written as a JupyterLab 4 federated extension: a module-federation container with init()
 * and get('./extension'), no build step and nothing fetched (no npm at run time).
 */
(function () {
  "use strict";

  function keepCleanUntilEdited(widget, seen) {
    var context = widget && widget.context;
    var model = context && context.model;
    if (!model || !model.stateChanged || !model.contentChanged || seen.has(widget)) {
      return;
    }
    seen.add(widget);
    var edited = false; // a content change since the notebook was loaded or saved
    model.contentChanged.connect(function () {
      edited = true;
    });
    model.stateChanged.connect(function (_model, change) {
      if (change.name !== "dirty") {
        return;
      }
      if (!change.newValue) {
        edited = false; // loaded, saved or reverted: clean again
      } else if (!edited && !model.readOnly) {
        model.dirty = false; // nothing changed in the notebook itself
      }
    });
  }

  var plugin = {
    id: "euchre-learn-lab:open-clean",
    description: "Opening a notebook never marks it modified: only a change to its content does.",
    autoStart: true,
    activate: function (app) {
      var seen = new WeakSet();
      var scan = function () {
        var it = app.shell.widgets("main");
        var next = it.next();
        while (next && !next.done) {
          keepCleanUntilEdited(next.value, seen);
          next = it.next();
        }
      };
      if (app.shell.layoutModified) {
        app.shell.layoutModified.connect(scan);
      }
      if (app.shell.currentChanged) {
        app.shell.currentChanged.connect(scan);
      }
      app.restored.then(scan);
      scan();
    },
  };

  var container = {
    init: function () {
      return Promise.resolve();
    },
    get: function (module) {
      if (module !== "./extension") {
        return Promise.reject(new Error("euchre-learn-lab has no module " + module));
      }
      return Promise.resolve(function () {
        return { __esModule: true, default: [plugin] };
      });
    },
  };

  window._JUPYTERLAB = window._JUPYTERLAB || {};
  window._JUPYTERLAB["euchre-learn-lab"] = container;
})();
