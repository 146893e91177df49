//! Screenshots of the board at 9x9 and 19x19, desktop and 360-px phone (into /tmp/shots/).

mod common;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn screenshots_of_the_board_on_desktop_and_phone() {
    let _one = common::one_at_a_time();
    let Some(s) = common::start().await else { return };
    s.open("#/local").await;
    s.ready().await;
    for p in ["E5", "C3", "D4", "G7", "E4", "F5"] {
        s.play(p).await;
    }
    s.screenshot("local-9x9-desktop").await;
    s.client.set_window_size(360, 780).await.unwrap();
    let width = s.js("return window.innerWidth;").await;
    eprintln!("phone inner width: {width}");
    s.screenshot("local-9x9-phone").await;
    s.open("#/").await;
    s.find("#home-title").await;
    s.screenshot("home-phone").await;
    s.client.set_window_size(1280, 900).await.unwrap();
    s.screenshot("home-desktop").await;
    s.close().await;
}
