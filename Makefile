# Course commands. Each target creates .venv from pyproject.toml on first use.
#   make check  the fast tier, while you work: the library's unit tests, oracles,
#               doctests, the fuzz and API audits, the layout rules and the linter
#               (no notebooks, book, browser, fresh installs or numerical-integration
#               oracles; a few minutes)
#   make test   everything, as CI runs it: make check, plus the notebooks (nbval),
#               the book build, the browser tests, the installs from a clean clone
#               (wheel, Binder, Colab) and the slow oracles
#   make book   build the website into _build/html (JUPYTERHUB_URL=https://... adds
#               a JupyterHub launch button for that hub)
#   make lab    JupyterLab on notebooks/
#   make bench  speed comparisons against mlxtend, statsmodels and scipy
#   make app    the interactive chapters as Voila apps on http://127.0.0.1:8866
#               (preheated kernels; solution outputs folded)
#   make sync   re-pair notebooks with their .py twins (jupytext --sync)
#   make assignments  student and instructor editions of the chapters, with their
#               autograders (otter-grader), into _build/assignments/
#   make grade SUBMISSION=path/to/NN-topic.ipynb  grade a homework notebook locally
#               (otter run, no Docker); the last line is "score: X/Y"
#   make slides one reveal.js deck per chapter in _build/slides (offline; from the executed notebooks)

PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: check test book lab bench app sync execute clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else "Python >= 3.10 is needed")'
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test,book,lab]"
	touch $(STAMP)

# The paths leave out notebooks/ (nbval); the markers leave out the book, the browser, the
# installs into fresh environments and the slowest oracles (pyproject.toml lists the markers).
check: $(STAMP)
	$(PY) -m pytest lecture_lib tests -m "not book and not browser and not install and not slow"

test: $(STAMP)
	$(PY) -m pytest

book: $(STAMP)
	$(PY) scripts/build_book.py

lab: $(STAMP)
	$(VENV)/bin/jupyter lab notebooks/

bench: $(STAMP)
	$(PY) benchmarks/run.py

# Voila shows each chapter's outputs and widgets only; bound to 127.0.0.1, so nothing is
# exposed to the network. Stop it with Ctrl-C.
# --template=course (jupyter-data/voila/templates/course): solution outputs folded, no CDN.
# --preheat_kernel: each chapter is executed in a waiting kernel as soon as the server starts
# (give it a minute on 2 cores), so opening a chapter shows it in seconds instead of running
# it first; after each visit Voila fills the pool again.
APP_PORT ?= 8866
VOILA_FLAGS ?= --template=course --preheat_kernel=True --pool_size=1
app: $(STAMP)
	PATH="$(CURDIR)/$(VENV)/bin:$$PATH" MPLBACKEND=module://matplotlib_inline.backend_inline \
	  JUPYTER_PATH="$(CURDIR)/jupyter-data" \
	  $(VENV)/bin/voila notebooks/ --Voila.ip=127.0.0.1 --port=$(APP_PORT) --no-browser $(VOILA_FLAGS)

sync: $(STAMP)
	$(VENV)/bin/jupytext --sync notebooks/*.ipynb

# Re-execute every notebook in place (after editing a .py twin or the library).
# execute: run every chapter, then merge its split stream outputs (one output box per cell;
# nbconvert coalesces before executing, hence the second pass)
execute: $(STAMP)
	$(VENV)/bin/jupytext --sync notebooks/*.py
	for nb in notebooks/*.ipynb; do \
	  $(VENV)/bin/jupyter nbconvert --to notebook --execute --inplace \
	    --ExecutePreprocessor.kernel_name=python3 --ExecutePreprocessor.record_timing=False "$$nb" || exit 1; \
	  $(VENV)/bin/jupyter nbconvert --to notebook --inplace \
	    --CoalesceStreamsPreprocessor.enabled=True "$$nb" || exit 1; \
	done
	$(VENV)/bin/jupytext --sync notebooks/*.ipynb

clean:
	rm -rf _build .pytest_cache

# Slides: one reveal.js deck per chapter, _build/slides/NN-topic.slides.html, and an index.html.
# Made from the committed, executed notebooks (never written to); everything they load is copied
# into _build/slides/vendor/. `make slides CHAPTERS="02 04"` builds some chapters only.
.PHONY: slides
slides: $(STAMP)
	$(PY) scripts/slides.py $(CHAPTERS)

# Homework (issue 25): scripts/assignments.py writes _build/assignments/{student,instructor}/ from the
# chapters and teaching/grading.yml; scripts/grade.py builds a chapter's autograder when it is
# missing or stale, so make grade also works without make assignments.
.PHONY: assignments grade

assignments: $(STAMP)
	$(PY) scripts/assignments.py build

grade: $(STAMP)
	@test -n "$(SUBMISSION)" || { echo "usage: make grade SUBMISSION=path/to/NN-topic.ipynb" >&2; exit 2; }
	@$(PY) scripts/grade.py "$(SUBMISSION)"
