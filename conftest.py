# The notebooks' .py twins are jupytext scripts, not modules: nbval runs the
# .ipynb files, and importing a twin for doctests would execute the chapter.
collect_ignore_glob = ["notebooks/*.py", "benchmarks/*", "scripts/*", "web_vendor/*", "_build/*"]
