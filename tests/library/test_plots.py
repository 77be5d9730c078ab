"""pueval.plots' displays as scikit-learn draws them: from_predictions, from_estimator, plot(ax=); the paired
differences from the library's own result."""

import numpy as np
import pytest

import pueval
from pueval import curves, plots
from pueval.plots import LiftDisplay, PUROCDisplay, plot_paired_differences
from pueval.validation import ArgumentError

plt = pytest.importorskip("matplotlib.pyplot")


@pytest.fixture
def fitted():
    from sklearn.linear_model import LogisticRegression

    rng = np.random.default_rng(0)
    X = rng.normal(size=(600, 3))
    y = X[:, 0] + rng.normal(0, 1, 600) > 0.3
    s = (y & (rng.random(600) < 0.4)).astype(int)
    return LogisticRegression().fit(X, s), X, s


def test_from_estimator_draws_the_estimators_scores(fitted):
    model, X, s = fitted
    lift = LiftDisplay.from_estimator(model, X, s)
    scores = model.decision_function(X)
    assert lift.aul_pu == pytest.approx(pueval.aul_pu_score(s, scores))
    assert lift.ci == pytest.approx(pueval.aul_pu_interval(s, scores))
    assert lift.line_.get_label().startswith("LogisticRegression: lift")
    roc = PUROCDisplay.from_estimator(model, X, s, response_method="predict_proba", theta=0.2)
    assert roc.auc_pu == pytest.approx(curves.roc_curve(s, model.predict_proba(X)[:, 1]).area)
    assert roc.corrected is not None and roc.band is not None
    plt.close("all")


def test_plot_draws_again_on_a_given_axes(fitted):
    model, X, s = fitted
    display = LiftDisplay.from_estimator(model, X, s)
    figure, ax = plt.subplots()
    assert display.plot(ax=ax, name="again") is display
    assert display.ax_ is ax and display.figure_ is figure
    assert display.line_.get_label().startswith("again: lift")
    plt.close("all")


def test_a_prior_the_ranking_contradicts_draws_no_corrected_curve():
    with pytest.warns(pueval.metrics.PriorInconsistentWarning):
        display = PUROCDisplay.from_predictions([1, 0, 0, 1, 0, 0], [0.9, 0.3, 0.6, 0.5, 0.2, 0.1], theta=0.6)
    assert display.corrected is None
    assert "no corrected ROC or band" in display.ax_.get_legend().get_texts()[1].get_text()
    plt.close("all")


def test_paired_differences_take_the_librarys_result():
    rng = np.random.default_rng(1)
    y = rng.random(800) < 0.4
    labels = (y & (rng.random(800) < 0.3)).astype(int)
    found = pueval.aul_pu_difference(labels, y + rng.normal(0, 1, 800), y + rng.normal(0, 2, 800))
    ax = plot_paired_differences(found)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["A − B"]
    assert ax.lines[0].get_xdata()[0] == pytest.approx(found.difference)
    with pytest.raises(ArgumentError, match="PairedDifference"):
        plot_paired_differences([3.0])
    scores = {"good": y + rng.normal(0, 1, 800), "noisy": y + rng.normal(0, 2, 800), "coin": rng.random(800)}
    comparison = pueval.compare(labels, scores)  # every pair, in order: named rows, first on top
    ax = plot_paired_differences(comparison)
    assert [t.get_text() for t in ax.get_yticklabels()] == ["good − noisy", "good − coin", "noisy − coin"]
    assert list(ax.lines[0].get_xdata()) == pytest.approx([p.difference.difference for p in comparison.pairs])
    assert list(ax.lines[0].get_ydata()) == [2, 1, 0]
    plt.close("all")


def test_a_bad_response_method_is_named(fitted):
    model, X, s = fitted
    with pytest.raises(ArgumentError, match="response_method"):
        LiftDisplay.from_estimator(model, X, s, response_method="predict")


@pytest.mark.parametrize("display", ["LiftDisplay", "PUROCDisplay"])
def test_from_estimator_draws_the_pos_label_class(display):
    from sklearn.linear_model import LogisticRegression

    from pueval import plots

    rng = np.random.default_rng(0)
    X = rng.normal(size=(400, 2))
    labels = np.where(X[:, 0] + rng.normal(size=400) > 0.8, "labeled", "unlabeled")  # classes_[0] is "labeled"
    model = LogisticRegression().fit(X, labels)
    expected = pueval.aul_pu_score(labels, model.predict_proba(X)[:, 0], pos_label="labeled")
    for method in ("predict_proba", "decision_function"):
        shown = getattr(plots, display).from_estimator(model, X, labels, pos_label="labeled",
                                                        response_method=method)
        value = shown.aul_pu if display == "LiftDisplay" else shown.auc_pu
        reference = expected if display == "LiftDisplay" else pueval.metrics.auc(
            labels == "labeled", model.predict_proba(X)[:, 0])
        assert value == pytest.approx(reference)
        assert value > 0.5
    with pytest.raises(pueval.validation.ArgumentError, match="pos_label"):
        getattr(plots, display).from_estimator(model, X, labels, pos_label="missing")


def test_a_one_column_predict_proba_is_named():
    from pueval import plots

    class OneColumn:
        classes_ = np.array([0, 1])

        def predict_proba(self, X):
            return np.asarray(X)[:, 0]

    with pytest.raises(pueval.validation.ArgumentError, match=r"predict_proba gave shape \(4,\)"):
        plots.LiftDisplay.from_estimator(OneColumn(), np.ones((4, 1)), [1, 0, 1, 0])


def test_names_are_drawn_as_text_never_as_mathtext(tmp_path):
    display = LiftDisplay.from_predictions([1, 0, 0, 1, 0, 0], [0.9, 0.3, 0.6, 0.5, 0.2, 0.1], name=r"$\foo$ $x^2$")
    assert display.line_.get_label().startswith(r"\$\foo\$ \$x^2\$: ")
    display.figure_.savefig(tmp_path / "lift.png")  # mathtext would fail on \foo
    ax = plot_paired_differences([{"score_a": "$\\bar$", "score_b": "b", "difference": 0.05,
                                   "difference_ci": [0.01, 0.09], "level": 0.95}])
    ax.figure.savefig(tmp_path / "pairs.png")


def test_several_models_on_one_display_each_get_a_colour_and_the_title_stays():
    rng = np.random.default_rng(1)
    labels = (rng.random(300) < 0.3).astype(int)
    fig, ax = plt.subplots()
    ax.set_title("four models")
    shown = [LiftDisplay.from_predictions(labels, labels + rng.normal(size=300) * k, name=f"m{k}", ax=ax)
             for k in (1, 2, 3)]
    shown.append(LiftDisplay.from_predictions(labels, rng.normal(size=300), name="dashed", ax=ax, ls="--",
                                              color="k"))
    colours = [display.line_.get_color() for display in shown]
    assert len(set(colours[:3])) == 3 and colours[3] == "k" and shown[3].line_.get_linestyle() == "--"
    assert ax.get_title() == "four models"
    roc = PUROCDisplay.from_predictions(labels, labels + rng.normal(size=300), lw=3)
    assert roc.line_.get_linewidth() == 3 and roc.ax_.get_title() == "ROC"
    plt.close("all")


def test_the_displays_take_sample_weight_as_the_curves_do():
    rng = np.random.default_rng(2)
    labels = (rng.random(200) < 0.3).astype(int)
    scores = labels + rng.normal(size=200)
    weights = rng.integers(1, 4, size=200)
    lift = LiftDisplay.from_predictions(labels, scores, sample_weight=weights)
    repeated = LiftDisplay.from_predictions(np.repeat(labels, weights), np.repeat(scores, weights))
    assert lift.aul_pu == pytest.approx(repeated.aul_pu)
    roc = PUROCDisplay.from_predictions(labels, scores, sample_weight=weights)
    assert roc.auc_pu == pytest.approx(PUROCDisplay.from_predictions(np.repeat(labels, weights),
                                                                     np.repeat(scores, weights)).auc_pu)
    with pytest.raises(ArgumentError, match="sample_weight"):
        PUROCDisplay.from_predictions(labels, scores, sample_weight=weights, theta=0.2)
    plt.close("all")


def test_one_dispatch_draws_each_commands_figure():
    from pueval import reports

    table = reports.example_scores(400)
    labels, scores = table["labeled"].to_numpy(), table["score"].to_numpy()
    found = pueval.evaluate(labels, scores)
    assert len(plots.figure_of("evaluate", found, labels=labels, scores=scores).axes) == 2
    chosen = pueval.select_models(labels, {"a": scores, "b": table["score_b"].to_numpy()})
    assert plots.figure_of("select", chosen).axes[0].get_yticklabels()
    with pytest.raises(ValueError, match="labels: an evaluation's figure needs the labels and scores"):
        plots.figure_of("evaluate", found)
    with pytest.raises(ValueError, match="command: must be evaluate, compare, select or bench"):
        plots.figure_of("plot", found)
