# Oracle values for lecture_lib.calibration_test and brier_scores (tests/test_calibration.py).
#
# Regenerate from the repository root with
#     Rscript tests/oracles/calibration.R
# which rewrites tests/oracles/calibration.json. Produced with R 4.2.2 (Debian), rms 6.5-0
# and Hmisc 4.8-0 (Debian packages r-cran-rms, r-cran-hmisc).
#
# rms::val.prob(p, y) reports Spiegelhalter's (1986) z test of calibration as "S:z" and
# "S:p" (two-sided normal p-value) and the mean Brier score as "Brier". The cases draw
# probabilities from several shapes and outcomes either from the probabilities themselves
# (calibrated) or from distorted ones (over- and under-confident, shifted), so that z
# ranges from near 0 to far in both tails. Probabilities stay inside (0, 1): val.prob
# fits a logistic recalibration on logit(p), which is infinite at 0 and 1.

library(rms)
library(jsonlite)

set.seed(19860421)
cases <- list()
for (i in seq_len(30)) {
  n <- sample(c(20, 35, 60, 100, 250, 600), 1)
  p <- switch((i - 1) %% 3 + 1,
              runif(n, 0.02, 0.98),
              plogis(rnorm(n, -1, 1.5)),
              rbeta(n, 0.7, 0.7) * 0.96 + 0.02)
  truth <- switch((i - 1) %% 5 + 1,
                  p,
                  p,
                  plogis(1.8 * qlogis(p)),
                  plogis(0.5 * qlogis(p)),
                  pmin(p + 0.1, 0.99))
  y <- rbinom(n, 1, truth)
  stats <- val.prob(p, y, pl = FALSE, smooth = FALSE, logistic.cal = FALSE)
  cases[[i]] <- list(prob = p, y_true = y, z = unname(stats["S:z"]), pvalue = unname(stats["S:p"]),
                     brier = unname(stats["Brier"]))
}

info <- list(r_version = R.version.string, rms_version = as.character(packageVersion("rms")),
             hmisc_version = as.character(packageVersion("Hmisc")), seed = 19860421, cases = cases)
write_json(info, "tests/oracles/calibration.json", digits = NA, auto_unbox = TRUE, pretty = FALSE)
