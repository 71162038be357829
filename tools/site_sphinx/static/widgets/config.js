// require.js, before @jupyter-widgets/html-manager's embed-amd.js loads: every widget module
// is found in the site, beside this file.
//
// - The felt is an anywidget (model module "anywidget"): its front end is anywidget's own AMD
//   build, copied here by tools/site.py. html-manager asks require.js first and falls back to
//   its "CDN" only for a module require.js cannot load, and that fallback points into this
//   site too (data-jupyter-widgets-cdn): nothing is ever fetched from another host.
// - The modules embed-amd.js defines take the folder of their URL as the place of their icon
//   fonts (Font Awesome, in CSS they add to the page): without these paths, require.js would
//   put them beside the page (notebooks/@jupyter-widgets/...), where there are none.
(function () {
  var here = document.currentScript.src.replace(/[^/]*$/, "");
  var paths = { anywidget: here + "anywidget" };
  [
    "@jupyter-widgets/base",
    "@jupyter-widgets/base7",
    "@jupyter-widgets/controls",
    "@jupyter-widgets/controls7",
    "@jupyter-widgets/html-manager",
    "@jupyter-widgets/html-manager/dist/libembed-amd",
  ].forEach(function (id) {
    paths[id] = here + id.replace(/\//g, "_");
  });
  window.requirejs.config({ paths: paths });
  window.__jupyter_widgets_assets_path__ = here;
})();
