// Test hook for TestJupyterNotebookPage (jupyter_test.go), loaded by the
// classic notebook page because the test points JUPYTER_CONFIG_DIR here:
// once the notebook is loaded and its kernel connected, run every cell
// (Cell > Run All), wait until none is running, then save what the page
// shows to page-result.json next to the notebook, through the server's
// contents API, for the test to read.
require(['base/js/namespace'], function (Jupyter) {
  function codeCells() {
    return Jupyter.notebook.get_cells().filter(function (c) { return c.cell_type === 'code'; });
  }
  function report() {
    if (codeCells().some(function (c) { return c.input_prompt_number === '*'; })) {
      setTimeout(report, 250);
      return;
    }
    var result = {
      kernel: Jupyter.notebook.kernel.name,
      prompts: codeCells().map(function (c) { return c.input_prompt_number; }),
      svgs: document.querySelectorAll('#notebook .output_subarea svg').length,
      svg_text: Array.prototype.map.call(document.querySelectorAll('#notebook .output_subarea svg'), function (s) {
        return s.textContent;
      }).join(' '),
      errors: document.querySelectorAll('#notebook .output_error, #notebook .output_stderr').length
    };
    Jupyter.notebook.contents.save('page-result.json', {type: 'file', format: 'text', content: JSON.stringify(result)});
  }
  function start() {
    var nb = Jupyter.notebook;
    if (!nb || !nb._fully_loaded || !nb.kernel || !nb.kernel.is_connected()) {
      setTimeout(start, 250);
      return;
    }
    nb.execute_all_cells();
    setTimeout(report, 500);
  }
  start();
});
