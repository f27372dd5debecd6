"""How much of a score's variance is the seed's, and how much the split's (chapter 10).

A neural network trained twice on the same split with two random seeds
(weight initialisation, mini-batch order) gives two different scores; trained
on two splits of the data it differs more. Bouthillier et al. (2021) found
that the variance due to data sampling, initialisation and hyperparameter
choices all move benchmark results markedly, and that an estimate which
randomises more of these sources at once comes closer to the truth for the
same cost. With scores for S splits x R seeds (seeds nested within splits),
the one-way random-effects analysis of variance separates the two parts.

Taught in chapter 10 (``notebooks/10-seeds-groups-time``).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ._results import Printable
from ._validation import check_count, check_instance, check_real_array

__all__ = ["SeedSplitVariance", "design_std_error", "seed_split_variance"]


@dataclasses.dataclass(frozen=True)
class SeedSplitVariance(Printable):
    """Result of :func:`seed_split_variance` (variance components, not a test).

    Attributes
    ----------
    mean : float
        The grand mean of the scores.
    split_variance : float
        :math:`\\hat\\sigma^2_{split}`: variance of the true mean score from
        one split to the next (0 when the estimate would be negative).
    seed_variance : float
        :math:`\\hat\\sigma^2_{seed}`: variance between seeds on one split.
    split_share : float
        ``split_variance / (split_variance + seed_variance)`` (nan when both
        are 0).
    n_splits, n_seeds : int
    """

    mean: float
    split_variance: float
    seed_variance: float
    split_share: float
    n_splits: int
    n_seeds: int


def _table(scores) -> np.ndarray:
    arr = check_real_array(scores, "scores", ndim=2, what="a 2-D array of scores (splits x seeds)")
    if arr.shape[0] < 2 or arr.shape[1] < 2:
        raise ValueError(f"scores needs at least 2 splits and 2 seeds, got shape {arr.shape}")
    return arr


def seed_split_variance(scores) -> SeedSplitVariance:
    """Split the variance of scores into a split part and a seed part.

    Parameters
    ----------
    scores : array_like of float, shape (n_splits, n_seeds)
        ``scores[s, r]``: the score (or the difference of two algorithms'
        scores) on split s with seed r. Seeds are nested within splits: seed
        r on split s and seed r on split s' are unrelated runs.

    Returns
    -------
    variance : SeedSplitVariance
        ``mean``, ``split_variance``, ``seed_variance``, ``split_share``,
        ``n_splits``, ``n_seeds``.

    Notes
    -----
    The model :math:`x_{sr} = \\mu + a_s + e_{sr}` with independent
    :math:`a_s \\sim (0, \\sigma^2_{split})` and
    :math:`e_{sr} \\sim (0, \\sigma^2_{seed})`. With S splits and R seeds,

    .. math::

        MS_{within} = \\frac{\\sum_{s,r} (x_{sr} - \\bar x_{s\\cdot})^2}{S(R-1)},
        \\qquad
        MS_{between} = \\frac{R \\sum_s (\\bar x_{s\\cdot} - \\bar x)^2}{S-1},

    :math:`\\hat\\sigma^2_{seed} = MS_{within}` and
    :math:`\\hat\\sigma^2_{split} = \\max(0, (MS_{between} - MS_{within})/R)`
    (the ANOVA estimators). Splits drawn from one data set overlap, so
    their :math:`a_s` are positively correlated and
    :math:`\\hat\\sigma^2_{split}` underestimates the variance over
    independent data sets (chapter 4's reason for the corrected t-test).

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    References
    ----------
    .. [1] Bouthillier, X. et al. (2021). Accounting for variance in machine
       learning benchmarks. Proceedings of Machine Learning and Systems 3.
    .. [2] Searle, S. R., Casella, G. and McCulloch, C. E. (1992). Variance
       Components. Wiley, chapter 3.

    Examples
    --------
    >>> import numpy as np
    >>> from lecture_lib.seeds import seed_split_variance
    >>> scores = np.array([[0.80, 0.82, 0.81], [0.86, 0.85, 0.87], [0.75, 0.77, 0.76]])
    >>> v = seed_split_variance(scores)
    >>> round(v.split_variance, 5), round(v.seed_variance, 5), round(v.split_share, 3)
    (0.00247, 0.0001, 0.961)

    Almost all the variance (96 %) comes from the split: the three seeds of
    a split agree within 0.02, the splits differ by 0.1.
    """
    x = _table(scores)
    s, r = x.shape
    split_means = x.mean(axis=1)
    grand = float(split_means.mean())
    ms_within = float(((x - split_means[:, None]) ** 2).sum() / (s * (r - 1)))
    ms_between = float(r * ((split_means - grand) ** 2).sum() / (s - 1))
    split_var = max(0.0, (ms_between - ms_within) / r)
    total = split_var + ms_within
    share = split_var / total if total > 0 else float("nan")
    return SeedSplitVariance(grand, float(split_var), ms_within, float(share), s, r)


def design_std_error(variance: SeedSplitVariance, n_splits, n_seeds) -> float:
    """Standard error of a mean over ``n_splits`` splits x ``n_seeds`` seeds.

    Parameters
    ----------
    variance : SeedSplitVariance
        Variance components, e.g. of the *difference* between two
        algorithms' scores, from :func:`seed_split_variance`.
    n_splits, n_seeds : int
        The design to plan (each at least 1).

    Returns
    -------
    std_error : float
        :math:`\\sqrt{\\sigma^2_{split}/S + \\sigma^2_{seed}/(S R)}`.

    Notes
    -----
    More seeds only shrink the second term: once :math:`\\sigma^2_{seed}/R`
    is small against :math:`\\sigma^2_{split}`, another seed buys almost
    nothing and another split buys a lot. The formula treats splits as
    independent; for splits of one data set it is optimistic, as the note
    of :func:`seed_split_variance` explains.

    Taught in chapter 10 (``notebooks/10-seeds-groups-time``).

    Examples
    --------
    >>> from lecture_lib.seeds import SeedSplitVariance, design_std_error
    >>> v = SeedSplitVariance(0.0, split_variance=4e-4, seed_variance=4e-4, split_share=0.5, n_splits=10,
    ...                       n_seeds=5)
    >>> [round(design_std_error(v, splits, seeds), 4) for splits, seeds in ((10, 1), (10, 10), (20, 1))]
    [0.0089, 0.0066, 0.0063]

    Ten seeds per split (100 runs) help less than twenty splits with one
    seed each (20 runs).
    """
    check_instance(variance, SeedSplitVariance, "variance", made_by="seed_split_variance")
    s = check_count(n_splits, "n_splits", minimum=1)
    r = check_count(n_seeds, "n_seeds", minimum=1)
    return float(np.sqrt(variance.split_variance / s + variance.seed_variance / (s * r)))
