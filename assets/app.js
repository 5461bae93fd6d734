// schoolplan web interface: small enhancements; every page also works without them.
// - Selects marked .js-autosubmit submit their form when changed (the button stays for no-JS).
// - Buttons marked .js-print print the page (the workload sheet's print style).
// - The planning grid (table[data-keys="grid"]) is one tab stop: arrow keys,
//   Home/End and PageUp/PageDown move the focus between cells (roving tabindex).
// - In a planner's grid (table[data-editable]) Enter or a click on a cell opens
//   its course's editor in the cell, or creates the course in an empty cell;
//   Escape closes the editor (docs/web.md §Editing the grid).
// - "Auswählen": Ctrl/Cmd+click on a course or Space on a cell selects it
//   (one row at a time); the toolbar's "Zusammenlegen (n)" merges the
//   selected courses in one step, "Absagen" cancels them and
//   "Wiederaufnehmen" takes them up again; Escape clears the selection.
(function () {
  "use strict";
  document.documentElement.classList.add("js");

  document.addEventListener("change", function (e) {
    var t = e.target;
    if (t instanceof HTMLSelectElement && t.classList.contains("js-autosubmit") && t.form) {
      t.form.requestSubmit ? t.form.requestSubmit() : t.form.submit();
    }
  });

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (t instanceof Element && t.closest(".js-print")) window.print();
  });

  function cellAt(table, row, col) {
    var body = table.tBodies[0];
    if (!body) return null;
    row = Math.max(0, Math.min(row, body.rows.length - 1));
    var tr = body.rows[row];
    if (!tr) return null;
    // cells[0] is the subject's header; data cells start at 1
    col = Math.max(1, Math.min(col, tr.cells.length - 1));
    return tr.cells[col] || null;
  }

  function move(table, from, to) {
    if (!to || to === from) return;
    from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }

  document.addEventListener("keydown", function (e) {
    var cell = e.target;
    if (!(cell instanceof HTMLTableCellElement) || cell.tagName !== "TD") return;
    var table = cell.closest('table[data-keys="grid"]');
    if (!table) return;
    var tr = cell.parentElement;
    var row = tr.sectionRowIndex, col = cell.cellIndex;
    var page = 10, next = null;
    switch (e.key) {
      case "ArrowUp": next = cellAt(table, row - 1, col); break;
      case "ArrowDown": next = cellAt(table, row + 1, col); break;
      case "ArrowLeft": next = cellAt(table, row, col - 1); break;
      case "ArrowRight": next = cellAt(table, row, col + 1); break;
      case "Home": next = e.ctrlKey ? cellAt(table, 0, 1) : cellAt(table, row, 1); break;
      case "End": next = e.ctrlKey ? cellAt(table, Infinity, Infinity) : cellAt(table, row, Infinity); break;
      case "PageUp": next = cellAt(table, row - page, col); break;
      case "PageDown": next = cellAt(table, row + page, col); break;
      default: return;
    }
    e.preventDefault();
    move(table, cell, next);
  });

  // A focused cell that is clicked becomes the grid's tab stop.
  document.addEventListener("focusin", function (e) {
    var cell = e.target;
    if (!(cell instanceof HTMLTableCellElement) || cell.tagName !== "TD") return;
    var table = cell.closest('table[data-keys="grid"]');
    if (!table) return;
    var old = table.querySelectorAll('td[tabindex="0"]');
    for (var i = 0; i < old.length; i++) if (old[i] !== cell) old[i].tabIndex = -1;
    cell.tabIndex = 0;
  });
  // The grid's editor. The links in the cells work without JavaScript (whole
  // pages); with htmx they are fetched into the cell instead.
  var focusCell = null;

  function swapCell(td, verb, url) {
    focusCell = td.id;
    // The CSRF header comes from the body's hx-headers, as for every htmx request.
    window.htmx.ajax(verb, url, { source: td, target: td, swap: "outerHTML" });
  }

  function openCell(td, link) {
    if (!window.htmx || td.classList.contains("cell--editing")) return false;
    link = link || td.querySelector("a.course-edit, a.cell-add");
    if (!link) return false;
    var post = link.getAttribute("data-post");
    swapCell(td, post ? "POST" : "GET", post || link.getAttribute("href"));
    return true;
  }

  function closeEditor(td) {
    var cancel = td.querySelector("a.editor-cancel");
    if (!cancel || !window.htmx) return false;
    swapCell(td, "GET", cancel.getAttribute("data-cell"));
    return true;
  }

  // The selection: course ids in the order selected, all of one row
  // (subject); each course is marked in every cell that shows it.
  var picked = [], pickedRow = null;

  function rowOf(td) {
    return td.id.split("-")[1];
  }

  function announce(text) {
    var status = document.getElementById("grid-select-status");
    if (status) status.textContent = text;
  }

  function courseCells(table, id) {
    return table.querySelectorAll('td.cell .course[data-course="' + id + '"]');
  }

  // Draws the marks and the toolbar after every change; courses no longer
  // shown (a cell drawn again without them) leave the selection.
  function drawSelection() {
    var table = document.querySelector("table[data-editable]");
    var form = document.getElementById("grid-select");
    if (!table || !form) { picked = []; return; }
    picked = picked.filter(function (id) { return courseCells(table, id).length > 0; });
    if (!picked.length) pickedRow = null;
    var old = table.querySelectorAll(".course--selected, td[aria-selected]");
    for (var i = 0; i < old.length; i++) {
      old[i].classList.remove("course--selected", "cell--selected");
      old[i].removeAttribute("aria-selected");
      old[i].removeAttribute("data-order");
    }
    picked.forEach(function (id, n) {
      var list = courseCells(table, id);
      for (var j = 0; j < list.length; j++) {
        list[j].classList.add("course--selected");
        list[j].setAttribute("data-order", String(n + 1));
        var td = list[j].closest("td");
        td.classList.add("cell--selected");
        td.setAttribute("aria-selected", "true");
      }
    });
    form.querySelector(".grid-select-n").textContent = String(picked.length);
    form.hidden = picked.length < 1;
    // A cell fetched for its versions may still be on its way; merging
    // takes two courses, cancelling or taking up again one.
    var ready = picked.every(function (id) {
      return !!versioned(table, id);
    });
    var actions = form.querySelectorAll(".grid-select-action");
    for (var k = 0; k < actions.length; k++) {
      actions[k].disabled = !ready || (actions[k].classList.contains("grid-select-merge") && picked.length < 2);
    }
  }

  function versioned(table, id) {
    return table.querySelector('td.cell .course[data-course="' + id + '"][data-version]');
  }

  // The grid page's cells carry no versions: a cell whose course is
  // selected is fetched alone, with them (and as it is now).
  function refreshCell(td) {
    var form = document.getElementById("grid-select");
    if (!window.htmx || !form) return;
    var parts = td.id.split("-");
    swapCell(td, "GET", form.getAttribute("data-cells") + parts[1] + "/" + parts[2]);
  }

  function counted() {
    var status = document.getElementById("grid-select-status");
    if (!status) return "";
    if (!picked.length) return status.getAttribute("data-cleared");
    if (picked.length === 1) return status.getAttribute("data-one");
    return status.getAttribute("data-many").replace("{n}", String(picked.length));
  }

  // Toggles `course` (a .course element) of cell `td`; a course that joins
  // without its version has its cell fetched again.
  function toggle(td, course) {
    if (!course || !document.getElementById("grid-select")) return false;
    var id = course.getAttribute("data-course"), row = rowOf(td), note = "";
    if (pickedRow !== null && pickedRow !== row) {
      picked = [];
      note = document.getElementById("grid-select-status").getAttribute("data-other-row") + " ";
    }
    pickedRow = row;
    var at = picked.indexOf(id);
    if (at >= 0) picked.splice(at, 1); else picked.push(id);
    drawSelection();
    if (at < 0 && !course.hasAttribute("data-version")) refreshCell(td);
    announce(note + counted());
    return true;
  }

  function clearSelection(say) {
    if (!picked.length) return false;
    picked = [];
    drawSelection();
    if (say) announce(counted());
    return true;
  }

  // Space on a cell: its selected courses leave the selection, else its first course joins it.
  function toggleCell(td) {
    var chosen = td.querySelector(".course--selected");
    return toggle(td, chosen || td.querySelector(".course"));
  }

  // "Zusammenlegen (n)", "Absagen", "Wiederaufnehmen": the form gets the
  // courses with the versions the cells show now, and the answer goes into
  // the first selected cell. In the capture phase: "Absagen" and
  // "Wiederaufnehmen" post with their own hx-post, which htmx sends from the
  // button's own click listener, so the fields must be there before it runs.
  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!(t instanceof Element)) return;
    var form = t.closest("#grid-select");
    if (!form) return;
    if (t.closest(".grid-select-clear")) {
      clearSelection(true);
      return;
    }
    if (!t.closest(".grid-select-action")) return;
    var table = document.querySelector("table[data-editable]");
    var old = form.querySelectorAll("input[type=hidden]");
    for (var i = 0; i < old.length; i++) old[i].remove();
    var first = null;
    function add(name, value) {
      var input = document.createElement("input");
      input.type = "hidden";
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    picked.forEach(function (id) {
      var course = versioned(table, id);
      var td = course.closest("td");
      if (!first) {
        first = td;
        add("class", td.id.split("-")[2]);
      } else {
        add("also", td.id.split("-")[2]);
      }
      add("course", id + ":" + course.getAttribute("data-version"));
    });
    if (first) form.setAttribute("hx-target", "#" + first.id);
  }, true);

  document.addEventListener("htmx:afterRequest", function (e) {
    if (e.detail.elt && e.detail.elt.closest && e.detail.elt.closest("#grid-select")) clearSelection(false);
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (picked.length) drawSelection();
  });

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!(t instanceof Element)) return;
    var td = t.closest("table[data-editable] td.cell");
    if (!td) return;
    if ((e.ctrlKey || e.metaKey) && !td.classList.contains("cell--editing")) {
      if (toggle(td, t.closest(".course") || td.querySelector(".course"))) e.preventDefault();
      return;
    }
    if (td.classList.contains("cell--editing")) {
      if (t.closest("a.editor-cancel") && closeEditor(td)) e.preventDefault();
      return;
    }
    if (openCell(td, t.closest("a.course-edit, a.cell-add"))) e.preventDefault();
  });

  document.addEventListener("keydown", function (e) {
    var t = e.target;
    if (!(t instanceof Element)) return;
    var td = t.closest("table[data-editable] td.cell");
    if (!td) {
      if (e.key === "Escape" && t.closest("#grid-select") && clearSelection(true)) e.preventDefault();
      return;
    }
    if (e.key === "Escape" && td.classList.contains("cell--editing")) {
      if (closeEditor(td)) e.preventDefault();
    } else if (e.key === "Escape" && t === td) {
      if (clearSelection(true)) e.preventDefault();
    } else if (e.key === " " && t === td && !td.classList.contains("cell--editing")) {
      if (toggleCell(td)) e.preventDefault();
    } else if (e.key === "Enter" && t === td) {
      if (openCell(td)) e.preventDefault();
    }
  });

  // The cell answers a problem (400, 409, 412, 422) with the editor or the
  // conflict: show it rather than treat it as a failure.
  document.addEventListener("htmx:beforeSwap", function (e) {
    var s = e.detail.xhr.status, target = e.detail.target;
    if ((s === 400 || s === 409 || s === 412 || s === 422) && target && target.matches && target.matches("td.cell")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });

  document.addEventListener("htmx:beforeRequest", function (e) {
    var target = e.detail.target;
    if (target && target.matches && target.matches("table[data-editable] td.cell")) focusCell = target.id;
  });

  // After a cell was swapped: the focus goes to the first field with a
  // problem, else the editor's first field or button, else the cell.
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusCell) return;
    var td = document.getElementById(focusCell);
    focusCell = null;
    if (!td) return;
    var into = td.classList.contains("cell--editing")
      ? td.querySelector('[aria-invalid="true"]') || td.querySelector(".cell-conflict button, input:not([type=hidden]), textarea")
      : null;
    var box = td.querySelector(".cell-editor, .cell-conflict");
    if (box) box.scrollIntoView({ block: "nearest", inline: "nearest" });
    (into || td).focus({ preventScroll: !!box });
  });
})();

// Export (docs/web.md §Documents): a job card with data-job-events follows its
// job over server-sent events: `progress` moves the bar ("<percent> <state>"),
// `done` replaces the card with the finished one (HTML from the server).
(function () {
  "use strict";
  function follow(card) {
    if (!window.EventSource || card.dataset.following) return;
    card.dataset.following = "1";
    var source = new EventSource(card.dataset.jobEvents);
    source.addEventListener("progress", function (e) {
      var space = e.data.indexOf(" ");
      var bar = card.querySelector("progress"), state = card.querySelector(".job-state");
      if (bar) bar.value = parseInt(e.data, 10) || 0;
      if (state && space > 0) state.textContent = e.data.slice(space + 1);
      card.className = card.className.replace("job--queued", "job--running");
    });
    source.addEventListener("done", function (e) {
      source.close();
      var tpl = document.createElement("template");
      tpl.innerHTML = e.data;
      var fresh = tpl.content.firstElementChild;
      if (fresh) card.replaceWith(fresh);
    });
  }
  function scan(root) {
    root = root || document;
    if (root.matches && root.matches("[data-job-events]")) follow(root);
    var cards = root.querySelectorAll("[data-job-events]");
    for (var i = 0; i < cards.length; i++) follow(cards[i]);
    var none = document.getElementById("no-jobs");
    if (none && document.querySelector("#job-list > li")) none.remove();
  }
  document.addEventListener("DOMContentLoaded", function () { scan(document); });
  document.addEventListener("htmx:load", function (e) { scan(e.target); });
})();

// Working together (docs/web.md §Working together): a page of a school year
// listens to /years/{id}/live. `presence` names the others with the year
// open; `change` tells who changed what (its data: the sentence, and on a
// second line the object's page, which the note links to) and reloads the content region
// (#live-region, via htmx) — unless the person is typing in a form there,
// then a button offers the reload. Without a stream (refused with 429), the
// region is reloaded every minute instead.
(function () {
  "use strict";
  function editing(region) {
    var a = document.activeElement;
    return !!(a && region.contains(a) && a.form) || !!region.querySelector(".editing, [data-editing]");
  }
  function reload() {
    var button = document.getElementById("live-reload");
    if (button) button.hidden = true;
    if (window.htmx) window.htmx.trigger(document.body, "live-change");
  }
  document.addEventListener("DOMContentLoaded", function () {
    var live = document.querySelector("[data-live]");
    if (!live || !window.EventSource) return;
    var source = new EventSource(live.dataset.live);
    var polling = null;
    // Leaving the page ends the stream at once (also into the back-forward cache).
    window.addEventListener("pagehide", function () {
      source.close();
      if (polling) window.clearInterval(polling);
    });
    // A refused stream (429: too many open pages, with Retry-After 60) or
    // one the server closed for good leaves the EventSource CLOSED: the page
    // then reloads its content every minute, unless the person is editing.
    source.addEventListener("error", function () {
      if (source.readyState !== EventSource.CLOSED || polling) return;
      polling = window.setInterval(function () {
        var region = document.getElementById("live-region");
        if (!region || !editing(region)) reload();
      }, 60000);
    });
    var presence = document.getElementById("live-presence");
    var note = document.getElementById("live-note");
    var button = document.getElementById("live-reload");
    if (button) button.addEventListener("click", reload);
    source.addEventListener("presence", function (e) { presence.textContent = e.data; });
    source.addEventListener("alone", function () { presence.textContent = ""; });
    source.addEventListener("change", function (e) {
      var lines = e.data.split("\n");
      note.textContent = "";
      if (lines[1] && lines[1].charAt(0) === "/" && lines[1].charAt(1) !== "/") {
        var link = document.createElement("a");
        link.href = lines[1];
        link.textContent = lines[0];
        note.appendChild(link);
      } else {
        note.textContent = lines[0];
      }
      var region = document.getElementById("live-region");
      if (region && editing(region)) {
        if (button) button.hidden = false;
      } else {
        reload();
      }
    });
  });
})();

// Stammdaten → Lektionentafel (docs/web.md §Lesson table): a row being edited
// ([data-swap-problems]) answers a problem (409, 412, 422) with its form: show
// it. After a swap the focus goes to the first field with a problem, else the
// conflict, else the form's first field, else the row's edit button. Escape in
// the form cancels it.
(function () {
  "use strict";
  var focusRow = null;
  document.addEventListener("htmx:beforeSwap", function (e) {
    var s = e.detail.xhr.status, target = e.detail.target;
    if ((s === 409 || s === 412 || s === 422) && target && target.matches && target.matches("[data-swap-problems]")) {
      e.detail.shouldSwap = true;
      e.detail.isError = false;
    }
  });
  document.addEventListener("htmx:beforeRequest", function (e) {
    var target = e.detail.target;
    if (target && target.matches && target.matches("tr.lt-row")) focusRow = target.id;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!focusRow) return;
    var tr = document.getElementById(focusRow);
    focusRow = null;
    if (!tr) return;
    var into = tr.querySelector('[aria-invalid="true"]') || tr.querySelector(".conflict") ||
      tr.querySelector("select, input:not([type=hidden]), a.lt-edit");
    if (!into) return;
    if (into.classList.contains("conflict")) into.setAttribute("tabindex", "-1");
    into.focus();
  });
  document.addEventListener("keydown", function (e) {
    if (e.key !== "Escape" || !(e.target instanceof Element)) return;
    var tr = e.target.closest("tr.lt-row--editing");
    var cancel = tr && tr.querySelector("a[hx-get$='/row']");
    if (cancel) {
      e.preventDefault();
      cancel.click();
    }
  });
})();
