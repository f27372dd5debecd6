// The course website's own script (copied to _static/course/ by scripts/build_book.py).
//
// 1. Static explorers: scripts/site_postprocess.py replaced some widgets by native
//    controls and wrote, per explorer, a data file that calls courseExplorer(id, spec).
//    The spec holds lecture_lib's output for every state of the controls, cut into
//    segments; showing a state only looks strings up (no statistics here). The decoding
//    is lecture_lib.static_widgets.render_state, line for line.
// 2. Accessibility of the ipywidgets snapshots: the widget manager draws sliders whose
//    handle (role="slider") has no accessible name and reads out raw floats
//    ("0.049999999999999996"); name each handle after its label and read out the
//    slider's own readout text.
(function () {
  "use strict";
  var ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  window.courseExplorerTimings = window.courseExplorerTimings || [];

  function decodeId(encoded, position, width) {
    var value = 0;
    for (var i = position * width; i < (position + 1) * width; i++) {
      value = value * 64 + ALPHABET.indexOf(encoded.charAt(i));
    }
    return value;
  }

  function render(spec, index) {
    return spec.outputs.map(function (segments) {
      var parts = [];
      segments.forEach(function (seg) {
        if (!seg.axes.length) { parts.push(seg.strings[0]); return; }
        var position = 0;
        seg.axes.forEach(function (axis) { position = position * spec.sizes[axis] + index[axis]; });
        var string = seg.strings[decodeId(seg.ids, position, seg.width)];
        if (seg.pieces) {
          string = string.map(function (i) { return seg.pieces[i]; }).join("");
        }
        parts.push(string);
      });
      return parts.join("");
    });
  }

  window.courseExplorer = function (id, spec) {
    var root = document.getElementById(id);
    if (!root) { return; }
    var inputs = Array.prototype.slice.call(root.querySelectorAll("[data-axis]"));
    var outputs = root.querySelectorAll(".course-explorer-output");
    var index = spec.controls.map(function (c) { return c.initial; });
    function update() {
      var start = performance.now();
      inputs.forEach(function (input) {
        var axis = Number(input.dataset.axis);
        index[axis] = input.type === "checkbox" ? (input.checked ? 1 : 0) : Number(input.value);
        if (input.type === "range") {
          var label = spec.controls[axis].labels[index[axis]];
          input.setAttribute("aria-valuetext", label);
          var readout = root.querySelector('output[for="' + input.id + '"]');
          if (readout) { readout.textContent = label; }
        }
      });
      var pages = render(spec, index);
      for (var k = 0; k < outputs.length; k++) { outputs[k].innerHTML = pages[k]; }
      var elapsed = performance.now() - start;
      window.courseExplorerTimings.push(elapsed);
      root.dataset.state = index.join(",");
      root.dataset.lastSwapMs = elapsed.toFixed(2);
    }
    inputs.forEach(function (input) {
      input.addEventListener(input.type === "range" ? "input" : "change", update);
    });
    root.dataset.ready = "1";
  };

  function nameSliders(scope) {
    var sliders = scope.querySelectorAll ? scope.querySelectorAll(".widget-slider, .jupyter-widget-slider") : [];
    Array.prototype.forEach.call(sliders, function (slider) {
      var label = slider.querySelector(".widget-label");
      var readout = slider.querySelector(".widget-readout");
      Array.prototype.forEach.call(slider.querySelectorAll('[role="slider"]'), function (handle) {
        if (label && label.textContent.trim() && handle.getAttribute("aria-label") !== label.textContent.trim()) {
          handle.setAttribute("aria-label", label.textContent.trim());
        }
        if (readout) {
          var text = (readout.value !== undefined && readout.value !== "") ? readout.value : readout.textContent;
          if (text && handle.getAttribute("aria-valuetext") !== text) { handle.setAttribute("aria-valuetext", text); }
        }
        if (slider.querySelector("[disabled]") && handle.getAttribute("aria-disabled") !== "true") {
          handle.setAttribute("aria-disabled", "true");
        }
      });
    });
  }

  // 3. Markup of the theme and the widget manager that axe-core flags:
  //    - the colour-mode button is labelled "Color mode" but its icons carry SVG
  //      titles ("Light", "Dark", ...) that count as its visible text
  //      (label-content-name-mismatch): the icons are decorative, hide them;
  //    - a figure inside an Output widget snapshot (chapter 6's CD explorer) is an
  //      <img> with no alt text (image-alt): describe it by the text the widget
  //      printed next to it;
  //    - boxes that scroll sideways (wide tables, equations, outputs) must be
  //      reachable with the keyboard (scrollable-region-focusable).
  function fixMarkup() {
    Array.prototype.forEach.call(document.querySelectorAll(".theme-switch-button svg, .theme-switch-button i"),
      function (icon) {
        if (icon.getAttribute("aria-hidden") !== "true") { icon.setAttribute("aria-hidden", "true"); }
        icon.removeAttribute("aria-labelledby");
        Array.prototype.forEach.call(icon.querySelectorAll("title"), function (title) { title.remove(); });
      });
    Array.prototype.forEach.call(document.querySelectorAll(".jupyter-widgets img:not([alt])"), function (img) {
      var area = img.closest(".widget-output, .jupyter-widget-output") || img.parentElement;
      var text = area ? area.textContent.replace(/\s+/g, " ").trim() : "";
      img.setAttribute("alt", "Figure drawn by the widget for the settings shown (a snapshot)" +
        (text ? ": " + text.slice(0, 300) : ""));
    });
  }

  function focusScrollBoxes() {
    var boxes = document.querySelectorAll(
      ".bd-article table, .bd-article div.math, .bd-article mjx-container[display='true'], " +
      ".bd-article .cell_output pre, .bd-article div.highlight pre, .bd-article .output, " +
      ".course-explorer-output, .bd-article .widget-html-content");
    Array.prototype.forEach.call(boxes, function (box) {
      if (box.scrollWidth > box.clientWidth + 1 && !box.hasAttribute("tabindex")) {
        box.setAttribute("tabindex", "0");
      }
    });
  }

  function watch() {
    nameSliders(document);
    fixMarkup();
    focusScrollBoxes();
    window.addEventListener("resize", focusScrollBoxes);
    var pending = false;
    new MutationObserver(function (records) {
      for (var i = 0; i < records.length; i++) {
        if (records[i].addedNodes.length && !pending) {
          pending = true;  // at most once per frame, however many nodes arrive
          window.requestAnimationFrame(function () {
            pending = false;
            nameSliders(document); fixMarkup(); focusScrollBoxes();
          });
          return;
        }
      }
    }).observe(document.body, { childList: true, subtree: true });
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
