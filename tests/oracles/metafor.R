# Oracle values for lecture_lib.meta_analysis (tests/test_heterogeneity.py).
#
# Regenerate from the repository root with
#     Rscript tests/oracles/metafor.R
# which rewrites tests/oracles/metafor.json. The committed JSON was produced by
# R 4.2.2 (Debian r-base), metafor 3.8.1 (r-cran-metafor) and jsonlite 1.8.4.
#
# Contents: random-effects fits (rma, methods "REML" and "DL", tests "z" and "knha") with
# predict() for the prediction interval, on (1) the BCG vaccine trials (dat.bcg, Colditz et al.
# 1994) as log risk ratios from escalc(measure = "RR"), and (2) 40 random meta-analyses drawn
# here (k from 2 to 30, between-study variance from none to large, so that some fits are
# truncated at tau2 = 0). REML is run with a threshold of 1e-12 (metafor's default, 1e-5, stops
# Fisher scoring too early for a 1e-6 comparison). I2 is metafor's percentage.
suppressPackageStartupMessages({
  library(metafor)
  library(jsonlite)
})

fit_all <- function(yi, vi, level) {
  out <- list()
  for (method in c("REML", "DL")) {
    for (test in c("z", "knha")) {
      res <- rma(yi = yi, vi = vi, method = method, test = test, level = level,
                 control = list(threshold = 1e-12, maxiter = 10000))
      pr <- predict(res, level = level)
      out[[paste(method, test, sep = "_")]] <- list(
        estimate = as.numeric(res$beta), se = res$se, statistic = res$zval, pval = res$pval,
        ci_lb = res$ci.lb, ci_ub = res$ci.ub, pi_lb = pr$pi.lb, pi_ub = pr$pi.ub,
        tau2 = res$tau2, I2 = res$I2, QE = res$QE, QEp = res$QEp, k = res$k
      )
    }
  }
  out
}

dat <- escalc(measure = "RR", ai = tpos, bi = tneg, ci = cpos, di = cneg, data = dat.bcg)
bcg <- list(
  trial = dat$trial, author = as.character(dat$author), year = dat$year,
  tpos = dat$tpos, tneg = dat$tneg, cpos = dat$cpos, cneg = dat$cneg,
  yi = as.numeric(dat$yi), vi = as.numeric(dat$vi), level = 95,
  fits = fit_all(as.numeric(dat$yi), as.numeric(dat$vi), 95)
)

set.seed(20261130)
tau2_choices <- c(0, 0, 0.005, 0.02, 0.1, 0.5)
random_cases <- vector("list", 40)
for (i in seq_len(40)) {
  k <- if (i <= 4) i + 1 else sample(2:30, 1)
  sei <- runif(k, 0.02, 0.4)
  tau2_true <- sample(tau2_choices, 1)
  mu <- rnorm(1, 0, 0.2)
  yi <- mu + rnorm(k, 0, sqrt(tau2_true)) + rnorm(k, 0, sei)
  level <- sample(c(90, 95, 99), 1)
  random_cases[[i]] <- list(yi = yi, sei = sei, level = level, tau2_true = tau2_true,
                            fits = fit_all(yi, sei^2, level))
}

write_json(
  list(
    source = paste0("tests/oracles/metafor.R with ", R.version.string, ", metafor ",
                    packageVersion("metafor"), ", jsonlite ", packageVersion("jsonlite")),
    bcg = bcg, random = random_cases
  ),
  "tests/oracles/metafor.json", auto_unbox = TRUE, digits = NA, pretty = TRUE
)
