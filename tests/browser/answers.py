"""The key of a question on screen, read as a candidate never can: from the page's practice data
(and, on a paper being sat, its options' order), since nothing on an unanswered question may
say it (issue 29, item 1)."""
from __future__ import annotations

from playwright.sync_api import Locator

# The letters of the question's key as its options show them (a shuffled paper's own letters).
KEY = """node => {
  const id = node.querySelector('h2').id;
  const bank = (node.closest('[data-practice-bank]') ?? document.querySelector('[data-practice-bank]'))
    .getAttribute('data-practice-bank');
  const record = studyGuide.practiceData[bank].q[id];
  const key = record.a ?? record.e;
  if (record.t === 'judge') return [key];
  let saved = null;
  try { saved = JSON.parse(localStorage.getItem('studyGuide.examSitting.v1') || '{}')[bank]; } catch {}
  const perm = saved?.paper.items.find(item => item.id === id)?.perm;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return [...key].map(l => perm ? letters[perm.indexOf(letters.indexOf(l))] : l).sort();
}"""


def key_letters(question: Locator) -> list[str]:
    return list(question.evaluate(KEY))


def key_inputs(question: Locator) -> list[Locator]:
    """The inputs of the question's right options."""
    return [question.locator(f"input[value='{letter}']") for letter in key_letters(question)]


def wrong_input(question: Locator) -> Locator:
    """The input of a wrong option."""
    return question.locator("input" + "".join(f":not([value='{k}'])" for k in key_letters(question))).first
