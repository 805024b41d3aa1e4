/* The 错题本 and 收藏 pages: lists made in the browser from the progress it keeps.
 *
 * 错题本: every question answered wrong and not yet answered right twice in a row (nor taken out
 * by hand), with a link, how often it was answered wrong and the last wrong answer; 重练错题
 * opens them one after another (practice-extras.js leads on from each).  收藏: every starred
 * question.  Bank text (a stem's opening, an answer typed) is only ever set as text.
 */
(function (guide) {
  "use strict";

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /* Every question of the practice data, in the order of the banks' chapters. */
  function questions() {
    var data = guide.practiceData || {};
    var all = [];
    Object.keys(data).forEach(function (bank) {
      data[bank].chapters.forEach(function (chapter) {
        chapter.q.forEach(function (id) {
          if (data[bank].q[id]) all.push({ bank: bank, id: id, page: chapter.page, record: data[bank].q[id] });
        });
      });
    });
    return all;
  }

  function shownAnswer(record, answer) {
    if (record.t === "judge" && (answer === "true" || answer === "false")) return guide.strings[answer];
    return answer;
  }

  function link(item) {
    var strings = guide.strings;
    var a = element("a", "practice-list__link",
                    strings.question.replace("{number}", item.record.n) + " · " + (item.record.s || ""));
    a.href = item.page + ".html#" + encodeURIComponent(item.id);
    return a;
  }

  function startDrill(items) {
    var run = {
      items: items.map(function (item) { return { page: item.page, id: item.id }; }),
      root: new URL(".", location.href).href,
      back: location.href.split("#")[0]
    };
    try {
      window.sessionStorage.setItem(guide.practiceDrillKey || "studyGuide.drill.v1", JSON.stringify(run));
    } catch (error) {
      /* no storage: the first question opens all the same, without the way on */
    }
    location.href = items[0].page + ".html#" + encodeURIComponent(items[0].id);
  }

  function render(list, kind, store) {
    var strings = guide.strings;
    var say = element("p", "practice-list__message");
    say.setAttribute("role", "status");
    var items = questions().filter(function (item) {
      return kind === "starred" ? store.isStarred(item.bank, item.id)
        : store.inMistakes(store.get(item.bank, item.id, item.record.h));
    });
    list.textContent = "";
    if (store.notice) {
      var notice = element("p", "practice-notice", strings["progress_" + store.notice]);
      notice.setAttribute("role", "alert");
      list.appendChild(notice);
    }
    if (!items.length) {
      list.appendChild(element("p", "practice-list__empty", strings[kind + "_empty"]));
      list.appendChild(say);
      return;
    }
    if (kind === "mistakes") {
      var drill = element("button", "md-button md-button--primary practice-list__drill", strings.mistakes_drill);
      drill.type = "button";
      drill.addEventListener("click", function () { startDrill(items); });
      list.appendChild(drill);
    }
    var ol = element("ol", "practice-list__items");
    items.forEach(function (item) {
      var li = element("li", "practice-list__item");
      li.appendChild(link(item));
      var remove;
      if (kind === "mistakes") {
        var entry = store.get(item.bank, item.id, item.record.h);
        var facts = [strings.mistakes_times.replace("{count}", entry.w)];
        if (entry.wa) facts.push(strings.mistakes_last.replace("{answer}", shownAnswer(item.record, entry.wa)));
        li.appendChild(element("span", "practice-list__facts", facts.join(" · ")));
        remove = element("button", "md-button practice-list__remove", strings.mistakes_remove);
        remove.addEventListener("click", function () {
          store.dismiss(item.bank, item.id, item.record.h);
          render(list, kind, store);
          list.querySelector(".practice-list__message").textContent = strings.mistakes_removed;
        });
      } else {
        remove = element("button", "md-button practice-list__remove", strings.star_remove);
        remove.addEventListener("click", function () {
          store.star(item.bank, item.id, false);
          render(list, kind, store);
        });
      }
      remove.type = "button";
      li.appendChild(remove);
      ol.appendChild(li);
    });
    list.appendChild(ol);
    list.appendChild(say);
  }

  function mount() {
    var list = document.querySelector(".practice-list[data-practice-list]");
    if (!list || !guide.practiceStore || !guide.practiceData) return;
    render(list, list.getAttribute("data-practice-list"), guide.practiceStore);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", mount);
  } else {
    mount();
  }
})(window.studyGuide);
