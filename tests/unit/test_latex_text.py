"""An editor's LaTeX read as text (generator.math.to_text), as search and screen readers get it."""
import pytest

from generator.math.to_text import latex_text


@pytest.mark.parametrize("latex, text", [
    (r"\eta_l=\eta\times\dfrac{\|w\|}{\|\nabla w\|+\lambda\|w\|}", "η_l=η×‖w‖/(‖∇w‖+λ‖w‖)"),
    (r"\hat m_5=\dfrac{0.015}{1-0.9^5}\approx0.036629", "m̂_5=0.015/(1-0.9^5)≈0.036629"),
    (r"\dfrac{1-\alpha^{\gamma+1}}{1-\alpha}", "(1-α^(γ+1))/(1-α)"),
    (r"1.23\times10^{-5}", "1.23×10^(-5)"),
    (r"z_{0.975}\dfrac{1-\rho^2}{\sqrt n}\le\varepsilon", "z_0.975(1-ρ^2)/√(n)≤ε"),
    (r"n\ge\left(\dfrac{1.96\times0.4816}{0.02}\right)^2", "n≥((1.96×0.4816)/0.02)^2"),
    (r"1-\binom{n-c}{k}\big/\binom{n}{k}", "1-C(n-c,k)/C(n,k)"),
    (r"2\times393{,}216\times96=75{,}497{,}472", "2×393,216×96=75,497,472"),
    (r"\mathrm{lr}\cdot\text{總}", "lr·總"),
    (r"\begin{aligned}a&=b\\&=c\end{aligned}", "a =b =c"),
    (r"\dfrac12", "1/2"),
])
def test_latex_reads_as_the_formula_it_typesets(latex, text):
    assert latex_text(latex) == text


@pytest.mark.parametrize("latex", [r"\frac{a", "x^", "\\", r"\left(", "{{{"])
def test_broken_latex_gives_text_not_an_error(latex):
    assert isinstance(latex_text(latex), str)  # KaTeX is what rejects it, naming the question
