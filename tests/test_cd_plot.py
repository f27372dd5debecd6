"""Chapter 6: the critical-difference diagram (inspected through its artists) and the CD widget's logic."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402

from lecture_lib import appml_benchmark, cd_cliques, critical_difference, friedman, plot_critical_difference  # noqa: E402
from lecture_lib.widgets import cd_explorer, cd_subsample  # noqa: E402


def _by_gid(ax, gid):
    return [a for a in list(ax.lines) + list(ax.texts) if a.get_gid() == gid]


def _ranks(k, n=25, seed=0):
    rng = np.random.default_rng(seed)
    return friedman(rng.normal(size=(n, k)) + np.linspace(0, 1.5, k)).mean_ranks


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.mark.parametrize("k", [2, 3, 6, 11, 20])
def test_names_cd_bar_and_groups(k):
    ranks = _ranks(k, seed=k)
    names = [f"learner {i}" for i in range(k)]
    cd = critical_difference(k, 25)
    ax = plot_critical_difference(ranks, names, cd)
    # one text per algorithm, carrying exactly its name
    assert sorted(t.get_text() for t in _by_gid(ax, "name")) == sorted(names)
    # the CD bar runs from rank 1 to 1 + cd in data units
    (bar,) = _by_gid(ax, "cd-bar")
    x = bar.get_xdata()
    assert (min(x), max(x)) == (1, pytest.approx(1 + cd))
    assert [t.get_text() for t in _by_gid(ax, "cd-label")] == [f"CD = {cd:.2f}"]
    # one thick bar per maximal group, spanning its ranks
    groups = _by_gid(ax, "group")
    cliques = cd_cliques(ranks, cd)
    assert len(groups) == len(cliques)
    spans = sorted((min(g.get_xdata()), max(g.get_xdata())) for g in groups)
    assert spans == sorted((ranks[list(c)].min(), ranks[list(c)].max()) for c in cliques)
    # every elbow starts at its algorithm's rank on the axis
    elbows = _by_gid(ax, "elbow")
    assert sorted(e.get_xdata()[0] for e in elbows) == pytest.approx(sorted(ranks))
    # a rank label per name, and integer tick labels 1..k
    assert len(_by_gid(ax, "rank-label")) == k
    assert [t.get_text() for t in _by_gid(ax, "tick-label")] == [str(i) for i in range(1, k + 1)]


@pytest.mark.parametrize("k", [2, 6, 20])
def test_names_fit_inside_the_figure(k):
    # readability: long names must not be cut off by the figure edge
    ranks = _ranks(k, seed=1)
    names = [f"a_rather_long_algorithm_name_{i}" for i in range(k)]
    ax = plot_critical_difference(ranks, names, critical_difference(k, 25))
    fig = ax.figure
    renderer = fig.canvas.get_renderer()
    box = fig.bbox
    for text in _by_gid(ax, "name"):
        extent = text.get_window_extent(renderer)
        assert extent.x0 >= box.x0 - 1 and extent.x1 <= box.x1 + 1, text.get_text()
        assert extent.y0 >= box.y0 - 1 and extent.y1 <= box.y1 + 1, text.get_text()
    # names on one side do not overlap vertically
    ys = sorted(t.get_position()[1] for t in _by_gid(ax, "name") if t.get_horizontalalignment() == "right")
    assert np.all(np.diff(ys) > 0.3)


def test_left_side_holds_the_better_half():
    ranks = np.array([3.5, 1.2, 5.8, 2.4, 4.1, 4.0])
    names = list("abcdef")
    ax = plot_critical_difference(ranks, names, 1.0)
    left = {t.get_text() for t in _by_gid(ax, "name") if t.get_horizontalalignment() == "right"}
    assert left == {"b", "d", "a"}  # the three best average ranks


def test_groups_for_seed001_benchmark():
    # seed 001's CD plot: ranger and svm are not separated, ranger and rpart are
    table = appml_benchmark()
    ranks = friedman(table.scores, higher_is_better=False).mean_ranks
    ax = plot_critical_difference(ranks, table.algorithms, critical_difference(6, 16))
    spans = [(min(g.get_xdata()), max(g.get_xdata())) for g in _by_gid(ax, "group")]
    r = dict(zip(table.algorithms, ranks))
    assert any(lo <= r["ranger"] and r["svm"] <= hi for lo, hi in spans)
    assert not any(lo <= r["ranger"] and r["rpart"] <= hi for lo, hi in spans)


def test_control_variant():
    ranks = np.array([1.5, 2.0, 3.7, 4.2, 3.6])
    names = ["new", "b", "c", "d", "e"]
    cd = 1.3
    ax = plot_critical_difference(ranks, names, cd, control="new")
    assert _by_gid(ax, "group") == []  # no Nemenyi groups
    (interval,) = _by_gid(ax, "control-interval")
    x = interval.get_xdata()
    assert (min(x), max(x)) == (1.0, pytest.approx(1.5 + 1.3))  # clipped at rank 1
    bold = [t.get_text() for t in _by_gid(ax, "name") if t.get_fontweight() == "bold"]
    assert bold == ["new"]
    ax2 = plot_critical_difference(ranks, names, cd, control=2)  # by index: 3.7 +- 1.3 within [1, 5]
    (interval,) = _by_gid(ax2, "control-interval")
    assert (min(interval.get_xdata()), max(interval.get_xdata())) == (pytest.approx(2.4), 5.0)


def test_draws_on_given_axes_without_global_changes():
    before = dict(plt.rcParams)
    fig, ax = plt.subplots()
    out = plot_critical_difference([1.0, 2.0], ["x", "y"], 0.5, ax=ax, title="two", show_ranks=False)
    assert out is ax and ax.get_title() == "two"
    assert _by_gid(ax, "rank-label") == []
    assert dict(plt.rcParams) == before


@pytest.mark.parametrize(
    "args, error, match",
    [
        (([1.0, 2.0], ["a"], 0.5), ValueError, r"names must have one entry per algorithm \(2\), got 1"),
        (([1.0, 2.0], "ab", 0.5), TypeError, "names must be a sequence"),
        (([1.0, 2.0], ["a", "b"], 0.0), ValueError, "cd must be a positive finite number, got 0.0"),
        (([1.0, 2.0], ["a", "b"], "1"), TypeError, "cd must be a number"),
        (([0.5, 2.5], ["a", "b"], 0.5), ValueError, r"must lie in \[1, 2\]"),
        (([1.0], ["a"], 0.5), ValueError, "at least 2 algorithms"),
        (([1.0, np.nan], ["a", "b"], 0.5), ValueError, "mean_ranks must be finite"),
        (([[1.0, 2.0]], ["a", "b"], 0.5), ValueError, "mean_ranks must be 1-D"),
        ((None, ["a", "b"], 0.5), TypeError, "mean_ranks must be a 1-D array"),
    ],
)
def test_plot_bad_input(args, error, match):
    with pytest.raises(error, match=match):
        plot_critical_difference(*args)


def test_plot_bad_control():
    with pytest.raises(ValueError, match="control must be one of names"):
        plot_critical_difference([1.0, 2.0], ["a", "b"], 0.5, control="c")
    with pytest.raises(ValueError, match=r"control must be a column index in \[0, 1\], got 2"):
        plot_critical_difference([1.0, 2.0], ["a", "b"], 0.5, control=2)
    with pytest.raises(TypeError, match="control must be a column index or a name"):
        plot_critical_difference([1.0, 2.0], ["a", "b"], 0.5, control=1.0)
    with pytest.raises(TypeError, match="show_ranks must be True or False"):
        plot_critical_difference([1.0, 2.0], ["a", "b"], 0.5, show_ranks="no")


# ---------------------------------------------------------------- the widget's logic


def test_cd_subsample_full_table_is_the_whole_benchmark():
    table = appml_benchmark()
    summary = cd_subsample(table.scores, 16, higher_is_better=False)
    full = friedman(table.scores, higher_is_better=False)
    np.testing.assert_array_equal(summary.rows, np.arange(16))
    np.testing.assert_allclose(summary.mean_ranks, full.mean_ranks)
    assert summary.friedman_pvalue == full.pvalue and summary.friedman_method == full.method
    assert summary.iman_davenport_pvalue == full.iman_davenport_pvalue
    # few data sets: the widget shows the exact p-value (issue 24)
    small = cd_subsample(table.scores, 4, higher_is_better=False)
    assert small.friedman_method == "exact"
    assert small.friedman_pvalue == friedman(table.scores[small.rows], higher_is_better=False).exact_pvalue
    assert summary.cd == critical_difference(6, 16)
    assert summary.cliques == cd_cliques(full.mean_ranks, summary.cd)


def test_cd_subsample_nested_and_shrinking():
    table = appml_benchmark()
    previous_rows, previous_cd = set(), np.inf
    for n in range(2, 17):
        summary = cd_subsample(table.scores, n, alpha=0.05, higher_is_better=False, seed=3)
        rows = set(summary.rows.tolist())
        assert len(rows) == n and previous_rows < rows  # adding data sets only adds rows
        assert summary.cd < previous_cd  # CD shrinks like 1 / sqrt(N)
        assert summary.cd == pytest.approx(critical_difference(6, 2) * np.sqrt(2 / n))
        expected = friedman(table.scores[summary.rows], higher_is_better=False)
        np.testing.assert_allclose(summary.mean_ranks, expected.mean_ranks)
        previous_rows, previous_cd = rows, summary.cd
    # a larger alpha gives a smaller CD; Bonferroni-Dunn draws no groups
    assert cd_subsample(table.scores, 10, 0.10).cd < cd_subsample(table.scores, 10, 0.05).cd
    assert cd_subsample(table.scores, 10, test="bonferroni-dunn").cliques == []
    # the same seed gives the same subset, another seed (here) another one
    assert cd_subsample(table.scores, 5, seed=1).rows.tolist() == cd_subsample(table.scores, 5, seed=1).rows.tolist()
    assert cd_subsample(table.scores, 5, seed=1).rows.tolist() != cd_subsample(table.scores, 5, seed=2).rows.tolist()


def test_cd_subsample_bad_input():
    x = appml_benchmark().scores
    with pytest.raises(ValueError, match=r"n_datasets must lie in \[2, 16\].* got 17"):
        cd_subsample(x, 17)
    with pytest.raises(ValueError, match=r"n_datasets must lie in \[2, 16\].* got 1"):
        cd_subsample(x, 1)
    with pytest.raises(ValueError, match="test must be one of"):
        cd_subsample(x, 5, test="tukey")
    with pytest.raises(ValueError, match="alpha must lie in"):
        cd_subsample(x, 5, alpha=2.0)
    with pytest.raises(TypeError, match="higher_is_better must be True or False"):
        cd_subsample(x, 5, higher_is_better="no")


def test_cd_explorer_builds():
    table = appml_benchmark()
    box = cd_explorer(table.scores, table.algorithms, higher_is_better=False)
    sliders = box.children[0].children
    assert [s.description for s in sliders] == ["data sets N", "alpha"]
    assert sliders[0].max == 16


def test_cd_longer_than_the_axis_keeps_names_clear():
    # N = 2 data sets, k = 6: CD = 5.33 > k - 1, the bar reaches beyond rank 6
    cd = critical_difference(6, 2)
    ranks = np.array([1.5, 2.0, 3.5, 4.0, 5.5, 4.5])
    ax = plot_critical_difference(ranks, list("abcdef"), cd)
    (bar,) = _by_gid(ax, "cd-bar")
    right_names = [t for t in _by_gid(ax, "name") if t.get_horizontalalignment() == "left"]
    assert max(bar.get_xdata()) == pytest.approx(1 + cd)
    assert all(t.get_position()[0] > 1 + cd for t in right_names)


# ---------------------------------------------------------------- groups from any post-hoc procedure


def _bench_comparisons(adjust, test="wilcoxon"):
    from lecture_lib import pairwise_comparisons

    bench = appml_benchmark()
    return pairwise_comparisons(bench.scores, test=test, adjust=adjust, names=bench.algorithms,
                                higher_is_better=False)


@pytest.mark.parametrize("test, adjust", [("wilcoxon", "holm"), ("nemenyi", "shaffer"),
                                          ("nemenyi", "bergmann-hommel"), ("wilcoxon", "none")])
def test_bars_are_the_procedures_groups_and_no_cd_bar(test, adjust):
    # Shaffer and Bergmann-Hommel on the mean-rank z-tests: pairwise_comparisons refuses them with Wilcoxon (S1)
    result = _bench_comparisons(adjust, test)
    ax = plot_critical_difference(result)
    bars = sorted((round(min(b.get_xdata()), 6), round(max(b.get_xdata()), 6)) for b in _by_gid(ax, "group"))
    expected = sorted((round(result.mean_ranks[list(g)].min(), 6), round(result.mean_ranks[list(g)].max(), 6))
                      for g in result.groups)
    assert bars == expected and len(bars) == len(result.groups)
    # no pair joined by a bar is significant under the procedure; every significant pair is split
    for g in result.groups:
        assert not result.significant[np.ix_(g, g)].any()
    assert _by_gid(ax, "cd-bar") == [] and _by_gid(ax, "cd-label") == []
    (label,) = _by_gid(ax, "procedure-label")
    assert ("Wilcoxon signed-rank" if test == "wilcoxon" else "mean-rank") in label.get_text()
    assert sorted(t.get_text() for t in _by_gid(ax, "name")) == sorted(result.names)


def test_groups_argument_matches_the_result_call():
    result = _bench_comparisons("holm")
    ax1 = plot_critical_difference(result)
    ax2 = plot_critical_difference(result.mean_ranks, result.names, groups=result.groups)
    bars1, bars2 = ([tuple(b.get_xdata()) for b in _by_gid(ax, "group")] for ax in (ax1, ax2))
    assert bars1 == bars2
    assert _by_gid(ax2, "cd-bar") == []


def test_nemenyi_result_draws_its_cd_bar_and_the_cd_groups():
    # Nemenyi's own procedure has a CD: 1.885 for 6 algorithms over 16 data sets (erratum seed001-nemenyi-q)
    result = _bench_comparisons("studentized-range", test="nemenyi")
    ax = plot_critical_difference(result)
    (bar,) = _by_gid(ax, "cd-bar")
    assert np.ptp(bar.get_xdata()) == pytest.approx(critical_difference(6, 16))
    assert _by_gid(ax, "procedure-label") == []
    n_bars = len(_by_gid(ax, "group"))
    assert n_bars == len(cd_cliques(result.mean_ranks, critical_difference(6, 16))) == len(result.groups)


def test_groups_bad_input():
    ranks = [1.0, 2.0, 3.0]
    with pytest.raises(ValueError, match="either cd .* or groups"):
        plot_critical_difference(ranks, ["a", "b", "c"], cd=1.0, groups=[(0, 1)])
    with pytest.raises(ValueError, match=r"column indices in \[0, 2\], got 5"):
        plot_critical_difference(ranks, ["a", "b", "c"], groups=[(0, 5)])
    with pytest.raises(ValueError, match="at least 2 distinct"):
        plot_critical_difference(ranks, ["a", "b", "c"], groups=[(1, 1)])
    with pytest.raises(TypeError, match="integer column indices, got 'a'"):
        plot_critical_difference(ranks, ["a", "b", "c"], groups=[("a", "b")])
    with pytest.raises(TypeError, match="cd is required"):
        plot_critical_difference(ranks, ["a", "b", "c"])
    with pytest.raises(TypeError, match="names is required"):
        plot_critical_difference(ranks, cd=1.0)
    with pytest.raises(ValueError, match="cd, groups and control must be None"):
        plot_critical_difference(_bench_comparisons("holm"), cd=1.0)


def test_rank_labels_are_readable():
    # the learner review measured the old 7.5 pt rank labels at about 6 px on screen; 9 pt, like the CD label
    ax = plot_critical_difference(_ranks(8), [f"learner {i}" for i in range(8)], 1.0)
    sizes = [t.get_fontsize() for t in _by_gid(ax, "rank-label")]
    assert len(sizes) == 8 and min(sizes) >= 9
