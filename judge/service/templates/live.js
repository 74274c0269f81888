// The pages' live parts: poll the JSON API and rewrite rows with textContent (never innerHTML), so
// nothing a participant or a submission wrote can become markup.
"use strict";
(function () {
  const colours = JSON.parse((document.getElementById("colours") || {}).textContent || "{}");
  function cell(row, text, cls) {
    const td = document.createElement("td");
    if (cls) td.className = cls;
    td.textContent = text;
    row.appendChild(td);
    return td;
  }
  function badge(td, text) {
    td.textContent = "";
    const span = document.createElement("span");
    span.className = "badge verdict";
    span.style.background = colours[text] || "#90a4ae";
    span.textContent = text;
    td.appendChild(span);
  }
  async function poll(url, draw, every) {
    for (;;) {
      try {
        const answer = await fetch(url, {credentials: "same-origin", cache: "no-store"});
        if (answer.ok && draw(await answer.json()) === false) return;
      } catch (e) { /* the server restarting: try again */ }
      await new Promise((done) => setTimeout(done, every));
    }
  }
  const mine = document.querySelector("[data-live=mine] tbody");
  if (mine) {
    poll("/api/submissions", function (list) {
      mine.textContent = "";
      for (const s of list) {
        const tr = document.createElement("tr");
        tr.dataset.id = s.id;
        const link = document.createElement("a");
        link.href = "/my/" + encodeURIComponent(s.id);
        link.textContent = String(s.id);
        cell(tr, "").appendChild(link);
        cell(tr, s.problem); cell(tr, s.language); cell(tr, s.filename); cell(tr, s.submitted_at.slice(0, 19));
        badge(cell(tr, ""), s.verdict || s.state);
        cell(tr, s.max_score ? Math.round(s.score) + "/" + Math.round(s.max_score) : "", "num");
        mine.appendChild(tr);
      }
    }, 1000);
  }
  const verdict = document.querySelector("[data-live=verdict]");
  if (verdict && !verdict.textContent.trim().match(/^[A-Z]{2,3}$/)) {
    poll("/api/submissions/" + encodeURIComponent(verdict.dataset.id), function (s) {
      if (s.state === "done") { location.reload(); return false; }
      verdict.textContent = s.state;
    }, 1000);
  }
  const board = document.querySelector("[data-live=board]");
  if (board) {
    const icpc = board.dataset.scoring === "icpc";
    const body = board.querySelector("tbody");
    const note = document.getElementById("board-note");
    poll("/api/scoreboard", function (b) {
      note.dataset.frozen = b.frozen ? "yes" : "no";
      note.textContent = b.scoring.toUpperCase() + (b.frozen ? " · frozen: results after " + b.frozen_at.slice(0, 16) + " are hidden" : "");
      body.textContent = "";
      for (const r of b.rows) {
        const tr = document.createElement("tr");
        tr.dataset.participant = r.participant;
        cell(tr, String(r.rank), "num");
        cell(tr, r.name, "name");
        for (const p of b.problems) {
          const c = r.problems[p];
          let text = "";
          if (icpc) text = c.solved ? c.minutes + " (" + c.tries + ")" : (c.tries || c.pending ? String(c.tries) + (c.pending ? "+" + c.pending + "?" : "") : "");
          else text = (c.tries ? String(Math.round(c.score)) : "") + (c.pending ? " ?" : "");
          cell(tr, text, "cell " + (c.first ? "first" : c.solved ? "solved" : c.pending ? "pending" : c.tries ? "tried" : ""));
        }
        cell(tr, String(icpc ? r.solved : r.score), "num");
        if (icpc) cell(tr, String(r.penalty), "num");
        body.appendChild(tr);
      }
    }, 2000);
  }
})();
